variable "namespace" {
  description = "Namespace of the hub and the coordinator."
  type        = string
  default     = "fedinfer-hub"
}

variable "hub_config" {
  description = "The hub's nats-server configuration from the federation module's hub_config output."
  type        = any
}

variable "policy" {
  description = "The jurisdiction policy file's text (file(\"policy.yaml\")): the coordinator's authoritative copy."
  type        = string
}

variable "policy_path" {
  description = "Where the coordinator reads the policy (the federation module's `policy`)."
  type        = string
  default     = "/etc/fedinfer/policy/policy.yaml"
}

variable "tenants_secret" {
  description = "Name of an existing Secret holding `tenants.yaml`: who may call the coordinator's admin API (names, SHA-256 of their tokens, roles). Without it the API refuses every request but /healthz."
  type        = string
}

variable "tls_secret" {
  description = "Name of an existing Secret with ca.crt, hub.crt/.key and coordinator.crt/.key."
  type        = string
}

variable "images" {
  description = "Container images."
  type = object({
    coordinator = string
    nats        = optional(string, "nats:2.15-alpine")
  })
}

variable "jetstream_storage" {
  description = "Persistent volume size for the job queue (JetStream)."
  type        = string
  default     = "20Gi"
}

variable "pki_mount" {
  description = "Where certificates are mounted (the federation module's pki_dir)."
  type        = string
  default     = "/etc/fedinfer/pki"
}

variable "leaf_service_type" {
  description = "How regions in other clusters reach the hub's leaf port: a LoadBalancer (its address is the federation's hub.external_host) or NodePort."
  type        = string
  default     = "LoadBalancer"
  validation {
    condition     = contains(["LoadBalancer", "NodePort", "ClusterIP"], var.leaf_service_type)
    error_message = "leaf_service_type is LoadBalancer, NodePort or ClusterIP (all regions in the hub's cluster)."
  }
}

variable "leaf_source_cidrs" {
  description = "Networks the regions' leaf servers connect from (the hub's leaf port admits only these)."
  type        = list(string)
}
