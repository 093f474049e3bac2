output "waves" {
  description = "Rollout order: the hub, then waves of regions, never two regions of one jurisdiction at once."
  value       = local.waves
}

output "identities" {
  description = "Certificate subject and SANs of every identity (issue them with `fedinfer pki issue`)."
  value       = local.identities
}

output "hub_config" {
  description = "The hub's nats-server configuration (JSON); of a clustered hub, its first server's."
  value       = local.hub_config
}

output "hub_configs" {
  description = "Each hub server's nats-server configuration (JSON), by server name: `hub`, or nats-hub-0, nats-hub-1, ... (the hub StatefulSet's pods)."
  value       = local.hub_configs
}

output "leaf_configs" {
  description = "Each region's leaf nats-server configuration (JSON), by region."
  value       = local.leaf_configs
}

output "node_configs" {
  description = "Each region node's configuration, by region (tenants are added at deploy time)."
  value       = local.node_configs
}

output "gpus" {
  description = "GPUs per region, over all its node pools."
  value       = local.gpus
}
