# Any region of the federation, in its own cluster: one folder for all of them. A region is an entry of
# the `regions` map in envs/common/federation.tfvars (where it lives, its jurisdiction) and of the
# `deployments` map (how it runs); select it with -var region=NAME and a workspace of the same name:
#
#   terraform -chdir=envs/region workspace select -or-create eu-west
#   terraform -chdir=envs/region apply -var-file=../common/federation.tfvars -var region=eu-west \
#     -var kubeconfig=~/.kube/eu-west -var region_node_image=... -var policy_file=../../../../policy.yaml

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
  description = "How each region runs (envs/common/federation.tfvars): engine, replicas, GPUs, model volume."
  type        = any
}

variable "hub_leaf_cidr" {
  description = "Where the hub's leaf Service is reachable from the regions' clusters (their egress is limited to it)."
  type        = string
}

variable "region" {
  description = "The region this apply rolls out (a key of `federation.regions` and of `deployments`)."
  type        = string
  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{0,62}$", var.region))
    error_message = "Region names are lowercase letters, digits and '-' (e.g. eu-west)."
  }
}

variable "kubeconfig" {
  description = "Path of the kubeconfig for the region's cluster."
  type        = string
}

variable "region_node_image" {
  description = "The fedinfer region node image (with vLLM)."
  type        = string
}

variable "policy_file" {
  description = "Path of the jurisdiction policy file (the same one the hub's coordinator reads)."
  type        = string
}

provider "kubernetes" {
  config_path = var.kubeconfig
}

module "federation" {
  source     = "../../modules/federation"
  federation = var.federation
}

locals {
  deployment = var.deployments[var.region]
}

module "manifests" {
  source            = "../../modules/region-manifests"
  region            = var.region
  namespace         = "fedinfer-${var.region}"
  node_config       = module.federation.node_configs[var.region]
  leaf_config       = module.federation.leaf_configs[var.region]
  policy            = file(var.policy_file)
  engine            = local.deployment.engine
  images            = { region_node = var.region_node_image }
  replicas          = local.deployment.replicas
  nodes_per_replica = try(local.deployment.nodes_per_replica, 1)
  gpus_per_replica  = local.deployment.gpus_per_replica
  resources         = local.deployment.resources
  model_volume      = local.deployment.model_volume
  node_selector     = local.deployment.node_selector
  tls_secret        = "fedinfer-${var.region}-tls"
  tenants_secret    = "fedinfer-${var.region}-tenants"
  hub_leaf          = { cidr = var.hub_leaf_cidr, port = var.federation.hub.leaf_port }
}

module "apply" {
  source  = "../../modules/kubernetes-apply"
  objects = module.manifests.objects
}

output "rollout_waves" {
  value = module.federation.waves
}
