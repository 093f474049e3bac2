# Applies Kubernetes objects built as data (modules/region-manifests, modules/hub-manifests) to a cluster.
# Everything worth checking is in those modules, rendered and validated offline by the project's tests;
# this one only hands their objects to the provider: namespaces first, then the rest.

terraform {
  required_version = ">= 1.9"
  required_providers {
    kubernetes = {
      source  = "hashicorp/kubernetes"
      version = ">= 2.31"
    }
  }
}

variable "objects" {
  description = "Kubernetes objects (the `objects` output of a *-manifests module)."
  type        = any
}

locals {
  keyed      = { for o in var.objects : "${o.kind}/${try(o.metadata.namespace, "")}/${o.metadata.name}" => jsonencode(o) }
  namespaces = { for key, o in local.keyed : key => o if startswith(key, "Namespace/") }
  namespaced = { for key, o in local.keyed : key => o if !startswith(key, "Namespace/") }
}

resource "kubernetes_manifest" "namespace" {
  for_each = local.namespaces
  manifest = jsondecode(each.value)
}

resource "kubernetes_manifest" "object" {
  for_each   = local.namespaced
  manifest   = jsondecode(each.value)
  depends_on = [kubernetes_manifest.namespace]
}

output "applied" {
  description = "The keys (kind/namespace/name) of every object applied."
  value       = sort(keys(local.keyed))
}
