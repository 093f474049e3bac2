# The federation's hub: nats-server with JetStream (the job queue) and the coordinator.

locals {
  labels = { "app.kubernetes.io/part-of" = "fedinfer", "fedinfer.io/role" = "hub" }
}

resource "kubernetes_namespace_v1" "hub" {
  metadata {
    name   = var.namespace
    labels = local.labels
  }
}

resource "kubernetes_config_map_v1" "hub" {
  metadata {
    name      = "nats-hub"
    namespace = kubernetes_namespace_v1.hub.metadata[0].name
  }
  data = { "hub.json" = jsonencode(var.hub_config) }
}

resource "kubernetes_stateful_set_v1" "nats" {
  metadata {
    name      = "nats-hub"
    namespace = kubernetes_namespace_v1.hub.metadata[0].name
    labels    = merge(local.labels, { "app.kubernetes.io/name" = "nats-hub" })
  }
  spec {
    service_name = "nats-hub"
    replicas     = 1
    selector {
      match_labels = { "app.kubernetes.io/name" = "nats-hub" }
    }
    template {
      metadata {
        labels = merge(local.labels, { "app.kubernetes.io/name" = "nats-hub" })
      }
      spec {
        container {
          name  = "nats"
          image = var.images.nats
          args  = ["-c", "/etc/nats/hub.json"]
          port {
            container_port = var.hub_config.port
            name           = "clients"
          }
          port {
            container_port = var.hub_config.leafnodes.port
            name           = "leafnodes"
          }
          volume_mount {
            name       = "config"
            mount_path = "/etc/nats"
            read_only  = true
          }
          volume_mount {
            name       = "pki"
            mount_path = var.pki_mount
            read_only  = true
          }
          volume_mount {
            name       = "jetstream"
            mount_path = dirname(var.hub_config.jetstream.store_dir)
          }
        }
        volume {
          name = "config"
          config_map {
            name = kubernetes_config_map_v1.hub.metadata[0].name
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
        name = "jetstream"
      }
      spec {
        access_modes = ["ReadWriteOnce"]
        resources {
          requests = { storage = var.jetstream_storage }
        }
      }
    }
  }
}

resource "kubernetes_deployment_v1" "coordinator" {
  metadata {
    name      = "coordinator"
    namespace = kubernetes_namespace_v1.hub.metadata[0].name
    labels    = merge(local.labels, { "app.kubernetes.io/name" = "coordinator" })
  }
  spec {
    replicas = 1
    selector {
      match_labels = { "app.kubernetes.io/name" = "coordinator" }
    }
    template {
      metadata {
        labels = merge(local.labels, { "app.kubernetes.io/name" = "coordinator" })
      }
      spec {
        container {
          name  = "coordinator"
          image = var.images.coordinator
          args  = ["coordinator"]
          env {
            name  = "FEDINFER_COORDINATOR_NATS_URL"
            value = "tls://nats-hub.${var.namespace}.svc:${var.hub_config.port}"
          }
          env {
            name  = "FEDINFER_COORDINATOR_PKI_DIR"
            value = var.pki_mount
          }
          env {
            name  = "FEDINFER_COORDINATOR_POLICY"
            value = "/etc/fedinfer/policy/policy.yaml"
          }
          env {
            name  = "FEDINFER_COORDINATOR_TENANTS_FILE"
            value = "/etc/fedinfer/tenants/tenants.yaml"
          }
          port {
            container_port = 8700
            name           = "admin"
          }
          volume_mount {
            name       = "pki"
            mount_path = var.pki_mount
            read_only  = true
          }
          volume_mount {
            name       = "policy"
            mount_path = "/etc/fedinfer/policy"
            read_only  = true
          }
          volume_mount {
            name       = "tenants"
            mount_path = "/etc/fedinfer/tenants"
            read_only  = true
          }
        }
        volume {
          name = "pki"
          secret {
            secret_name  = var.tls_secret
            default_mode = "0400"
          }
        }
        volume {
          name = "policy"
          secret {
            secret_name = var.policy_secret
          }
        }
        volume {
          name = "tenants"
          secret {
            secret_name = var.tenants_secret
          }
        }
      }
    }
  }
}
