variable "namespace" {
  description = "Namespace of the hub and the coordinator."
  type        = string
  default     = "fedinfer-hub"
}

variable "hub_config" {
  description = "The hub's nats-server configuration from the federation module's hub_config output."
  type        = any
}

variable "policy_secret" {
  description = "Name of an existing ConfigMap or Secret holding `policy.yaml`, the authoritative policy."
  type        = string
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
