variable "region" {
  description = "The region this deployment serves (as in the policy and the federation module)."
  type        = string
  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{0,62}$", var.region))
    error_message = "Region names are lowercase letters, digits and '-' (e.g. eu-west)."
  }
}

variable "namespace" {
  description = "Kubernetes namespace to create for the region."
  type        = string
}

variable "node_config" {
  description = "The region node's configuration from the federation module's node_configs output."
  type        = any
}

variable "leaf_config" {
  description = "The region's leaf nats-server configuration from the federation module's leaf_configs output."
  type        = any
}

variable "engine" {
  description = "The engine section of the region node configuration (e.g. from `fedinfer region plan`)."
  type        = any
  default     = { kind = "vllm", model = "llama-3-70b-instruct", path = "/models/llama-3-70b-instruct", tensor_parallel_size = 4 }
}

variable "tenants_secret" {
  description = "Name of an existing Secret whose key `tenants.json` holds the tenants list (hashed tokens). Never inline."
  type        = string
}

variable "tls_secret" {
  description = "Name of an existing Secret with ca.crt, region-<region>.crt/.key and leaf-<region>.crt/.key."
  type        = string
}

variable "images" {
  description = "Container images."
  type = object({
    region_node = string
    nats        = optional(string, "nats:2.15-alpine")
  })
}

variable "replicas" {
  description = "Region node replicas (data parallelism: each replica holds one copy of the model)."
  type        = number
  default     = 1
  validation {
    condition     = var.replicas >= 1
    error_message = "At least one replica."
  }
}

variable "gpus_per_replica" {
  description = "GPUs each replica requests (the plan's TP x PP on one machine)."
  type        = number
  validation {
    condition     = var.gpus_per_replica >= 1 && var.gpus_per_replica <= 16
    error_message = "A replica requests between 1 and 16 GPUs of one machine."
  }
}

variable "gpu_resource" {
  description = "The extended resource name GPUs are scheduled by."
  type        = string
  default     = "nvidia.com/gpu"
}

variable "node_selector" {
  description = "Labels of the GPU node pool for this region."
  type        = map(string)
  default     = {}
}

variable "pki_mount" {
  description = "Where certificates are mounted in containers (the federation module's pki_dir)."
  type        = string
  default     = "/etc/fedinfer/pki"
}
