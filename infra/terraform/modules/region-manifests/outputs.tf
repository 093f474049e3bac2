output "objects" {
  description = "Every Kubernetes object of the region, in the order they are applied."
  value       = local.objects
}

output "region_yaml" {
  description = "The region node's configuration file as its pod reads it."
  value       = local.region_yaml
}
