# The federation every environment rolls out: `terraform -chdir=envs/<env> plan -var-file=../common/federation.tfvars`
federation = {
  name      = "fedinfer"
  pki_dir   = "/etc/fedinfer/pki"
  state_dir = "/var/lib/fedinfer"
  policy    = "/etc/fedinfer/policy/policy.yaml"
  hub       = { host = "nats-hub.fedinfer-hub.svc", client_port = 4222, leaf_port = 7422 }
  regions = {
    "eu-west"    = { jurisdiction = "EU", leaf = { host = "nats-leaf.fedinfer-eu-west.svc", port = 4222 }, node_pools = [{ name = "h100", nodes = 2, gpus_per_node = 8 }] }
    "us-east"    = { jurisdiction = "US", leaf = { host = "nats-leaf.fedinfer-us-east.svc", port = 4222 }, node_pools = [{ name = "h100", nodes = 2, gpus_per_node = 8 }] }
    "kr-central" = { jurisdiction = "KR", leaf = { host = "nats-leaf.fedinfer-kr-central.svc", port = 4222 }, node_pools = [{ name = "h100", nodes = 1, gpus_per_node = 8 }] }
  }
}
