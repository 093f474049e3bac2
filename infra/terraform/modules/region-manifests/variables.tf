variable "region" {
  description = "The region this deployment serves (as in the policy and the federation module)."
  type        = string
  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{0,62}$", var.region))
    error_message = "Region names are lowercase letters, digits and '-' (e.g. eu-west)."
  }
}

variable "namespace" {
  description = "The region's Kubernetes namespace."
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

variable "policy" {
  description = "The jurisdiction policy file's text (file(\"policy.yaml\")): every region node reads it."
  type        = string
}

variable "engine" {
  description = "The engine section of the region node configuration (e.g. from `fedinfer region plan`)."
  type        = any
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

variable "nodes_per_replica" {
  description = "Machines one replica's engine spans (the plan's machines per replica): above 1, each replica is a LeaderWorkerSet group."
  type        = number
  default     = 1
  validation {
    condition     = var.nodes_per_replica >= 1 && var.nodes_per_replica <= 64
    error_message = "A replica spans between 1 and 64 machines."
  }
}

variable "gpus_per_replica" {
  description = "GPUs each pod requests (a replica's TP x PP on one machine, or one machine's share of a multi-node replica); 0 for a CPU-only region."
  type        = number
  validation {
    condition     = var.gpus_per_replica >= 0 && var.gpus_per_replica <= 16
    error_message = "A replica requests between 0 and 16 GPUs of one machine."
  }
}

variable "gpu_resource" {
  description = "The extended resource name GPUs are scheduled by."
  type        = string
  default     = "nvidia.com/gpu"
}

variable "node_selector" {
  description = "Labels of the node pool for this region's nodes."
  type        = map(string)
  default     = {}
}

variable "resources" {
  description = "CPU and memory each region node requests (memory is also its limit)."
  type = object({
    cpu    = string
    memory = string
  })
  default = { cpu = "8", memory = "64Gi" }
}

variable "model_volume" {
  description = "Where the model weights come from: a PersistentVolumeClaim, a host path, or an OCI image volume."
  type = object({
    kind       = string
    claim_name = optional(string)
    path       = optional(string)
    image      = optional(string)
    mount_path = optional(string, "/models")
  })
  validation {
    condition = (
      (var.model_volume.kind == "pvc" && var.model_volume.claim_name != null) ||
      (var.model_volume.kind == "host_path" && var.model_volume.path != null) ||
      (var.model_volume.kind == "image" && var.model_volume.image != null)
    )
    error_message = "model_volume: kind pvc needs claim_name, host_path needs path, image needs image."
  }
}

variable "shm_size" {
  description = "Size of /dev/shm (vLLM's workers exchange tensors through it)."
  type        = string
  default     = "16Gi"
}

variable "tenants_secret" {
  description = "Name of an existing Secret whose key `tenants.json` holds the tenants list (hashed tokens). Never inline."
  type        = string
}

variable "tls_secret" {
  description = "Name of an existing Secret with ca.crt, region-<region>.crt/.key and leaf-<region>.crt/.key."
  type        = string
}

variable "pki_mount" {
  description = "Where certificates are mounted in containers (the federation module's pki_dir)."
  type        = string
  default     = "/etc/fedinfer/pki"
}

variable "hub_leaf" {
  description = "The hub's leaf port as this region's cluster reaches it: the network (CIDR) and port egress is allowed to."
  type = object({
    cidr = string
    port = number
  })
}

variable "extra_egress" {
  description = "Other destinations region nodes may reach (e.g. the region's own inference servers outside the namespace)."
  type = list(object({
    cidr = string
    port = number
  }))
  default = []
}
