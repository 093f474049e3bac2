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

variable "kubeconfig" {
  description = "Path of the kubeconfig for the hub's cluster."
  type        = string
}

variable "coordinator_image" {
  description = "The fedinfer image the coordinator runs from."
  type        = string
}

provider "kubernetes" {
  config_path = var.kubeconfig
}

module "federation" {
  source     = "../../modules/federation"
  federation = var.federation
}

module "hub" {
  source         = "../../modules/kubernetes-hub"
  hub_config     = module.federation.hub_config
  tls_secret     = "fedinfer-hub-tls"
  policy_secret  = "fedinfer-policy"
  tenants_secret = "fedinfer-coordinator-tenants"
  images         = { coordinator = var.coordinator_image }
}

output "rollout_waves" {
  value = module.federation.waves
}
