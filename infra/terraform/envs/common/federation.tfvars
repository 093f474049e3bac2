# The federation every environment rolls out. The hub, then each region (in the waves the federation
# module computes), each in its own cluster:
#   terraform -chdir=envs/hub apply -var-file=../common/federation.tfvars -var kubeconfig=... ...
#   terraform -chdir=envs/region apply -var-file=../common/federation.tfvars -var region=eu-west ...
# Adding a region: an entry in `federation.regions` and in `deployments` (`fedinfer region init` prints
# both), then re-apply the hub (its leaf accounts and admitted networks gain the region) before the
# region itself. See infra/terraform/README.md.
# One hub server here; for three, add `servers = 3, cluster_domain = "nats-hub-cluster.fedinfer-hub.svc"` to
# `hub` and run several coordinators (README, "No single point of failure").
federation = {
  name      = "fedinfer"
  pki_dir   = "/etc/fedinfer/pki"
  state_dir = "/var/lib/fedinfer"
  policy    = "/etc/fedinfer/policy/policy.yaml"
  hub       = { host = "nats-hub.fedinfer-hub.svc", external_host = "hub.fedinfer.example.org", client_port = 4222, leaf_port = 7422 }
  regions = {
    "eu-west"    = { jurisdiction = "EU", leaf = { host = "nats-leaf.fedinfer-eu-west.svc", port = 4222 }, node_pools = [{ name = "h100", nodes = 2, gpus_per_node = 8 }] }
    "us-east"    = { jurisdiction = "US", leaf = { host = "nats-leaf.fedinfer-us-east.svc", port = 4222 }, node_pools = [{ name = "h100", nodes = 2, gpus_per_node = 8 }] }
    "kr-central" = { jurisdiction = "KR", leaf = { host = "nats-leaf.fedinfer-kr-central.svc", port = 4222 }, node_pools = [{ name = "h100", nodes = 1, gpus_per_node = 8 }] }
  }
}

# Where the hub's leaf Service (a LoadBalancer) is reached from the regions' clusters.
hub_leaf_cidr = "203.0.113.10/32"

deployments = {
  "eu-west" = {
    engine           = { kind = "vllm", model = "llama-3-70b-instruct", path = "/models/llama-3-70b-instruct", tensor_parallel_size = 4 }
    replicas         = 2
    gpus_per_replica = 4
    resources        = { cpu = "16", memory = "256Gi" }
    model_volume     = { kind = "pvc", claim_name = "models" }
    node_selector    = { "fedinfer.io/gpu-pool" = "h100" }
    leaf_source_cidr = "198.51.100.0/24"
  }
  "us-east" = {
    engine           = { kind = "vllm", model = "llama-3-70b-instruct", path = "/models/llama-3-70b-instruct", tensor_parallel_size = 4 }
    replicas         = 2
    gpus_per_replica = 4
    resources        = { cpu = "16", memory = "256Gi" }
    model_volume     = { kind = "pvc", claim_name = "models" }
    node_selector    = { "fedinfer.io/gpu-pool" = "h100" }
    leaf_source_cidr = "198.51.101.0/24"
  }
  "kr-central" = {
    engine           = { kind = "vllm", model = "llama-3-70b-instruct", path = "/models/llama-3-70b-instruct", tensor_parallel_size = 8 }
    replicas         = 1
    gpus_per_replica = 8
    resources        = { cpu = "16", memory = "256Gi" }
    model_volume     = { kind = "pvc", claim_name = "models" }
    node_selector    = { "fedinfer.io/gpu-pool" = "h100" }
    leaf_source_cidr = "198.51.102.0/24"
  }
}
