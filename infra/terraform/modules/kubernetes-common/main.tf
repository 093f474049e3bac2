# What every fedinfer workload on Kubernetes shares, as data: the pod's and the container's security
# settings, the mode secrets are mounted with, and the namespace's baseline NetworkPolicies (deny
# everything; then DNS and traffic inside the namespace). Used by region-manifests and hub-manifests.

terraform {
  required_version = ">= 1.9"
}

variable "namespace" {
  description = "The namespace the baseline NetworkPolicies are for."
  type        = string
}

variable "labels" {
  description = "Labels of every object."
  type        = map(string)
}

locals {
  uid      = 10001
  metadata = { namespace = var.namespace, labels = var.labels }
}

output "pod_security" {
  description = "Non-root, with volumes group-owned by the pod's fsGroup, under the runtime's seccomp profile."
  value = {
    runAsNonRoot        = true
    runAsUser           = local.uid
    runAsGroup          = local.uid
    fsGroup             = local.uid
    fsGroupChangePolicy = "OnRootMismatch"
    seccompProfile      = { type = "RuntimeDefault" }
  }
}

output "container_security" {
  description = "No privilege escalation, every capability dropped."
  value       = { allowPrivilegeEscalation = false, capabilities = { drop = ["ALL"] } }
}

output "secret_mode" {
  description = "0440: secrets readable through the pod's fsGroup by its non-root user, by no one else."
  value       = 288
}

output "network_policies" {
  description = "Deny every ingress and egress; then allow DNS and traffic inside the namespace."
  value = [
    {
      apiVersion = "networking.k8s.io/v1"
      kind       = "NetworkPolicy"
      metadata   = merge(local.metadata, { name = "deny-all" })
      spec       = { podSelector = {}, policyTypes = ["Ingress", "Egress"] }
    },
    {
      apiVersion = "networking.k8s.io/v1"
      kind       = "NetworkPolicy"
      metadata   = merge(local.metadata, { name = "dns-and-in-namespace" })
      spec = {
        podSelector = {}
        policyTypes = ["Ingress", "Egress"]
        ingress     = [{ from = [{ podSelector = {} }] }]
        egress = [
          { to = [{ podSelector = {} }] },
          {
            to = [{
              namespaceSelector = { matchLabels = { "kubernetes.io/metadata.name" = "kube-system" } }
              podSelector       = { matchLabels = { "k8s-app" = "kube-dns" } }
            }]
            ports = [{ protocol = "UDP", port = 53 }, { protocol = "TCP", port = 53 }]
          },
        ]
      }
    },
  ]
}
