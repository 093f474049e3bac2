# One region on Kubernetes: its namespace, NATS leaf server, and GPU region nodes.
# Certificates and tenant token hashes come from existing Secrets; nothing secret is written here.

locals {
  labels      = { "app.kubernetes.io/part-of" = "fedinfer", "fedinfer.io/region" = var.region }
  config_path = "/etc/fedinfer"
}

resource "kubernetes_namespace_v1" "region" {
  metadata {
    name   = var.namespace
    labels = local.labels
  }
}

resource "kubernetes_config_map_v1" "config" {
  metadata {
    name      = "fedinfer-${var.region}"
    namespace = kubernetes_namespace_v1.region.metadata[0].name
    labels    = local.labels
  }
  data = {
    "leaf.json"   = jsonencode(var.leaf_config)
    "region.yaml" = yamlencode(merge(var.node_config, { engine = var.engine, audit = { url = "sqlite:////var/lib/fedinfer/audit.db" } }))
  }
}

resource "kubernetes_deployment_v1" "leaf" {
  metadata {
    name      = "nats-leaf"
    namespace = kubernetes_namespace_v1.region.metadata[0].name
    labels    = merge(local.labels, { "app.kubernetes.io/name" = "nats-leaf" })
  }
  spec {
    replicas = 1
    selector {
      match_labels = { "app.kubernetes.io/name" = "nats-leaf" }
    }
    template {
      metadata {
        labels = merge(local.labels, { "app.kubernetes.io/name" = "nats-leaf" })
      }
      spec {
        container {
          name  = "nats"
          image = var.images.nats
          args  = ["-c", "${local.config_path}/leaf.json"]
          port {
            container_port = var.leaf_config.port
            name           = "nats"
          }
          volume_mount {
            name       = "config"
            mount_path = local.config_path
            read_only  = true
          }
          volume_mount {
            name       = "pki"
            mount_path = var.pki_mount
            read_only  = true
          }
        }
        volume {
          name = "config"
          config_map {
            name = kubernetes_config_map_v1.config.metadata[0].name
          }
        }
        volume {
          name = "pki"
          secret {
            secret_name  = var.tls_secret
            default_mode = "0400"
          }
        }
      }
    }
  }
}

resource "kubernetes_service_v1" "leaf" {
  metadata {
    name      = "nats-leaf"
    namespace = kubernetes_namespace_v1.region.metadata[0].name
  }
  spec {
    selector = { "app.kubernetes.io/name" = "nats-leaf" }
    port {
      port        = var.leaf_config.port
      target_port = "nats"
    }
  }
}

resource "kubernetes_stateful_set_v1" "region_node" {
  metadata {
    name      = "region-node"
    namespace = kubernetes_namespace_v1.region.metadata[0].name
    labels    = merge(local.labels, { "app.kubernetes.io/name" = "region-node" })
  }
  spec {
    service_name = "region-node"
    replicas     = var.replicas
    selector {
      match_labels = { "app.kubernetes.io/name" = "region-node" }
    }
    template {
      metadata {
        labels = merge(local.labels, { "app.kubernetes.io/name" = "region-node" })
      }
      spec {
        node_selector = var.node_selector
        toleration {
          key      = var.gpu_resource
          operator = "Exists"
          effect   = "NoSchedule"
        }
        container {
          name    = "region-node"
          image   = var.images.region_node
          command = ["fedinfer", "region", "serve", "${local.config_path}/region.yaml"]
          env {
            name = "FEDINFER_REGION_NODE"
            value_from {
              field_ref {
                field_path = "metadata.name"
              }
            }
          }
          env {
            name = "FEDINFER_REGION_TENANTS"
            value_from {
              secret_key_ref {
                name = var.tenants_secret
                key  = "tenants.json"
              }
            }
          }
          port {
            container_port = var.node_config.api.port
            name           = "http"
          }
          resources {
            limits   = { (var.gpu_resource) = tostring(var.gpus_per_replica) }
            requests = { (var.gpu_resource) = tostring(var.gpus_per_replica) }
          }
          readiness_probe {
            http_get {
              path = "/healthz"
              port = "http"
            }
            period_seconds = 5
          }
          volume_mount {
            name       = "config"
            mount_path = local.config_path
            read_only  = true
          }
          volume_mount {
            name       = "pki"
            mount_path = var.pki_mount
            read_only  = true
          }
          volume_mount {
            name       = "audit"
            mount_path = "/var/lib/fedinfer"
          }
        }
        volume {
          name = "config"
          config_map {
            name = kubernetes_config_map_v1.config.metadata[0].name
          }
        }
        volume {
          name = "pki"
          secret {
            secret_name  = var.tls_secret
            default_mode = "0400"
          }
        }
      }
    }
    volume_claim_template {
      metadata {
        name = "audit"
      }
      spec {
        access_modes = ["ReadWriteOnce"]
        resources {
          requests = { storage = "20Gi" }
        }
      }
    }
  }
}

resource "kubernetes_service_v1" "api" {
  metadata {
    name      = "region-api"
    namespace = kubernetes_namespace_v1.region.metadata[0].name
  }
  spec {
    selector = { "app.kubernetes.io/name" = "region-node" }
    port {
      port        = 443
      target_port = "http"
    }
  }
}
