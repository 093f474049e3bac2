# Region eu-west: its leaf server and GPU region nodes, in its own cluster (data stays in eu-west).

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
  description = "Path of the kubeconfig for eu-west's cluster."
  type        = string
}

variable "region_node_image" {
  description = "The fedinfer region node image (with vLLM)."
  type        = string
}

provider "kubernetes" {
  config_path = var.kubeconfig
}

module "federation" {
  source     = "../../modules/federation"
  federation = var.federation
}

module "region" {
  source           = "../../modules/kubernetes-region"
  region           = "eu-west"
  namespace        = "fedinfer-eu-west"
  node_config      = module.federation.node_configs["eu-west"]
  leaf_config      = module.federation.leaf_configs["eu-west"]
  tls_secret       = "fedinfer-eu-west-tls"
  tenants_secret   = "fedinfer-eu-west-tenants"
  images           = { region_node = var.region_node_image }
  replicas         = 2
  gpus_per_replica = 4
  engine = {
    kind                 = "vllm"
    model                = "llama-3-70b-instruct"
    path                 = "/models/llama-3-70b-instruct"
    tensor_parallel_size = 4
  }
  node_selector = { "fedinfer.io/gpu-pool" = "h100" }
}

output "rollout_waves" {
  value = module.federation.waves
}
