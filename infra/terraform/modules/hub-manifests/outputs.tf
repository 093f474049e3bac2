output "objects" {
  description = "Every Kubernetes object of the hub, in the order they are applied."
  value       = local.objects
}
