variable "namespace" {
  description = "Namespace of the hub and the coordinator."
  type        = string
  default     = "fedinfer-hub"
}

variable "hub_configs" {
  description = "Each hub server's nats-server configuration, by server name: the federation module's hub_configs output (`hub`, or the StatefulSet's pods nats-hub-0, nats-hub-1, ...)."
  type        = any
  validation {
    condition     = length(var.hub_configs) == 1 || sort(keys(var.hub_configs)) == sort([for i in range(length(var.hub_configs)) : "nats-hub-${i}"])
    error_message = "A clustered hub's servers are named like the pods of the StatefulSet nats-hub (nats-hub-0, nats-hub-1, ...): pass the federation module's hub_configs output."
  }
}

variable "coordinators" {
  description = "Coordinators sharing the work (a StatefulSet's replicas); more than one needs audit_database_secret."
  type        = number
  default     = 1
  validation {
    condition     = var.coordinators >= 1 && floor(var.coordinators) == var.coordinators
    error_message = "coordinators is a whole number, at least 1."
  }
}

variable "audit_database_secret" {
  description = "An existing Secret's name and key holding the coordinators' shared audit store, a PostgreSQL SQLAlchemy URL (postgresql+psycopg://...). Without it, the one coordinator keeps SQLite on a volume claim."
  type = object({
    name = string
    key  = optional(string, "url")
  })
  default = null
  validation {
    condition     = var.coordinators == 1 || var.audit_database_secret != null
    error_message = "coordinators = ${var.coordinators} share one audit store, which a SQLite file on one pod's volume cannot be: set audit_database_secret to a Secret holding a PostgreSQL URL, e.g. { name = \"fedinfer-audit-db\", key = \"url\" }."
  }
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
