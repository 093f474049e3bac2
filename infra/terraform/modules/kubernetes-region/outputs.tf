output "namespace" {
  description = "The region's namespace."
  value       = kubernetes_namespace_v1.region.metadata[0].name
}

output "api_service" {
  description = "The in-cluster name of the region's OpenAI-compatible API."
  value       = "${kubernetes_service_v1.api.metadata[0].name}.${kubernetes_namespace_v1.region.metadata[0].name}.svc"
}
