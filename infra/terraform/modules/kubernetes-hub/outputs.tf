output "namespace" {
  description = "The hub's namespace."
  value       = kubernetes_namespace_v1.hub.metadata[0].name
}
