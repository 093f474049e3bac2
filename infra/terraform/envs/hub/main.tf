# The hub: nats-server with JetStream and the coordinator, rolled out first (wave 0).

terraform {
  required_version = ">= 1.9"
  required_providers {
    kubernetes = {
      source  = "hashicorp/kubernetes"
      version = ">= 2.31"
    }
  }
}

variable "federation" {
  description = "The federation description (envs/common/federation.tfvars)."
  type        = any
}

variable "deployments" {
  description = "How each region runs (envs/common/federation.tfvars); the hub admits leaf links from their networks."
  type        = any
}

variable "hub_leaf_cidr" {
  description = "Where the hub's leaf Service is reachable (used by the regions; declared here so one tfvars file serves both)."
  type        = string
}

variable "kubeconfig" {
  description = "Path of the kubeconfig for the hub's cluster."
  type        = string
}

variable "coordinator_image" {
  description = "The fedinfer image the coordinator runs from."
  type        = string
}

variable "policy_file" {
  description = "Path of the jurisdiction policy file (the authoritative copy)."
  type        = string
}

variable "coordinators" {
  description = "Coordinators sharing the work; more than one needs audit_database_secret."
  type        = number
  default     = 1
}

variable "audit_database_secret" {
  description = "An existing Secret (name, key) holding the coordinators' shared audit store: a PostgreSQL URL."
  type = object({
    name = string
    key  = optional(string, "url")
  })
  default = null
}

provider "kubernetes" {
  config_path = var.kubeconfig
}

module "federation" {
  source     = "../../modules/federation"
  federation = var.federation
}

module "manifests" {
  source            = "../../modules/hub-manifests"
  hub_configs       = module.federation.hub_configs
  policy            = file(var.policy_file)
  policy_path       = var.federation.policy
  tls_secret        = "fedinfer-hub-tls"
  tenants_secret    = "fedinfer-coordinator-tenants"
  images            = { coordinator = var.coordinator_image }
  leaf_source_cidrs = sort(distinct([for d in values(var.deployments) : d.leaf_source_cidr]))

  coordinators          = var.coordinators
  audit_database_secret = var.audit_database_secret
}

module "apply" {
  source  = "../../modules/kubernetes-apply"
  objects = module.manifests.objects
}

output "rollout_waves" {
  value = module.federation.waves
}
