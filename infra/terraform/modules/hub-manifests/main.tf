# Every Kubernetes object of the federation's hub, as data (built-in features only; see region-manifests):
# nats-server with JetStream (the job queue) and the coordinator, their Services (the leaf port reachable
# from the regions' clusters), PodDisruptionBudgets, and NetworkPolicies.

module "common" {
  source    = "../kubernetes-common"
  namespace = var.namespace
  labels    = local.labels
}

locals {
  labels      = { "app.kubernetes.io/part-of" = "fedinfer", "fedinfer.io/role" = "hub" }
  metadata    = { namespace = var.namespace, labels = local.labels }
  config_dir  = "/etc/nats"
  state_dir   = "/var/lib/fedinfer"
  client_port = var.hub_config.port
  leaf_port   = var.hub_config.leafnodes.port
  admin_port  = 8700
  secret_mode = module.common.secret_mode
  # Each pod gets the CA and its own identity from the hub's certificate Secret, never another's key.
  hub_keys         = [for f in ["ca.crt", "hub.crt", "hub.key"] : { key = f, path = f }]
  coordinator_keys = [for f in ["ca.crt", "coordinator.crt", "coordinator.key"] : { key = f, path = f }]

  # Listen on every interface of the pod (the configured host is the Service's name: not bindable).
  hub_json = jsonencode(merge(var.hub_config, {
    host      = "0.0.0.0"
    leafnodes = merge(var.hub_config.leafnodes, { host = "0.0.0.0" })
  }))

  pod_security       = module.common.pod_security
  container_security = module.common.container_security

  nats_labels        = merge(local.labels, { "app.kubernetes.io/name" = "nats-hub" })
  coordinator_labels = merge(local.labels, { "app.kubernetes.io/name" = "coordinator" })

  coordinator = {
    name    = "coordinator"
    image   = var.images.coordinator
    command = ["fedinfer", "coordinator"]
    env = [
      { name = "FEDINFER_COORDINATOR_NATS_URL", value = "tls://nats-hub.${var.namespace}.svc:${local.client_port}" },
      { name = "FEDINFER_COORDINATOR_PKI_DIR", value = var.pki_mount },
      { name = "FEDINFER_COORDINATOR_POLICY", value = var.policy_path },
      { name = "FEDINFER_COORDINATOR_TENANTS_FILE", value = "/etc/fedinfer/tenants/tenants.yaml" },
      { name = "FEDINFER_COORDINATOR_AUDIT_URL", value = "sqlite:///${local.state_dir}/coordinator-audit.db" },
      { name = "FEDINFER_COORDINATOR_HTTP_HOST", value = "0.0.0.0" },
      { name = "FEDINFER_COORDINATOR_HTTP_PORT", value = tostring(local.admin_port) },
    ]
    ports          = [{ name = "admin", containerPort = local.admin_port, protocol = "TCP" }]
    resources      = { requests = { cpu = "1", memory = "1Gi" }, limits = { memory = "2Gi" } }
    startupProbe   = { httpGet = { path = "/livez", port = "admin" }, periodSeconds = 2, failureThreshold = 60 }
    livenessProbe  = { httpGet = { path = "/livez", port = "admin" }, periodSeconds = 10 }
    readinessProbe = { httpGet = { path = "/healthz", port = "admin" }, periodSeconds = 5 }
    volumeMounts = [
      { name = "pki", mountPath = var.pki_mount, readOnly = true },
      { name = "policy", mountPath = dirname(var.policy_path), readOnly = true },
      { name = "tenants", mountPath = "/etc/fedinfer/tenants", readOnly = true },
      { name = "audit", mountPath = local.state_dir },
    ]
    securityContext = local.container_security
  }

  objects = concat([
    { apiVersion = "v1", kind = "Namespace", metadata = { name = var.namespace, labels = local.labels } },
    {
      apiVersion = "v1"
      kind       = "ConfigMap"
      metadata   = merge(local.metadata, { name = "nats-hub" })
      data       = { "hub.json" = local.hub_json }
    },
    {
      apiVersion = "v1"
      kind       = "ConfigMap"
      metadata   = merge(local.metadata, { name = "fedinfer-policy" })
      data       = { (basename(var.policy_path)) = var.policy }
    },
    {
      apiVersion = "apps/v1"
      kind       = "StatefulSet"
      metadata   = merge(local.metadata, { name = "nats-hub", labels = local.nats_labels })
      spec = {
        serviceName = "nats-hub"
        replicas    = 1
        selector    = { matchLabels = { "app.kubernetes.io/name" = "nats-hub" } }
        template = {
          metadata = { labels = local.nats_labels }
          spec = {
            securityContext = local.pod_security
            containers = [{
              name  = "nats"
              image = var.images.nats
              args  = ["-c", "${local.config_dir}/hub.json"]
              ports = [
                { name = "clients", containerPort = local.client_port, protocol = "TCP" },
                { name = "leafnodes", containerPort = local.leaf_port, protocol = "TCP" },
              ]
              resources       = { requests = { cpu = "1", memory = "1Gi" }, limits = { memory = "4Gi" } }
              livenessProbe   = { tcpSocket = { port = "clients" }, periodSeconds = 10 }
              readinessProbe  = { tcpSocket = { port = "clients" }, periodSeconds = 5 }
              securityContext = local.container_security
              volumeMounts = [
                { name = "config", mountPath = local.config_dir, readOnly = true },
                { name = "pki", mountPath = var.pki_mount, readOnly = true },
                { name = "jetstream", mountPath = dirname(var.hub_config.jetstream.store_dir) },
              ]
            }]
            volumes = [
              { name = "config", configMap = { name = "nats-hub" } },
              { name = "pki", secret = { secretName = var.tls_secret, defaultMode = local.secret_mode, items = local.hub_keys } },
            ]
          }
        }
        volumeClaimTemplates = [{
          metadata = { name = "jetstream" }
          spec     = { accessModes = ["ReadWriteOnce"], resources = { requests = { storage = var.jetstream_storage } } }
        }]
      }
    },
    {
      apiVersion = "v1"
      kind       = "Service"
      metadata   = merge(local.metadata, { name = "nats-hub" })
      spec = {
        selector = { "app.kubernetes.io/name" = "nats-hub" }
        ports    = [{ name = "clients", port = local.client_port, targetPort = "clients", protocol = "TCP" }]
      }
    },
    {
      apiVersion = "v1"
      kind       = "Service"
      metadata   = merge(local.metadata, { name = "nats-hub-leafnodes" })
      spec = merge(
        {
          type     = var.leaf_service_type
          selector = { "app.kubernetes.io/name" = "nats-hub" }
          ports    = [{ name = "leafnodes", port = local.leaf_port, targetPort = "leafnodes", protocol = "TCP" }]
        },
        # From outside the cluster: keep the regions' own addresses (not SNAT'ed to a node's), so that the
        # NetworkPolicy below sees them, and let the load balancer itself admit only their networks.
        { for key, value in { externalTrafficPolicy = "Local" } : key => value if var.leaf_service_type != "ClusterIP" },
        { for key, value in { loadBalancerSourceRanges = var.leaf_source_cidrs } : key => value if var.leaf_service_type == "LoadBalancer" },
      )
    },
    {
      apiVersion = "apps/v1"
      kind       = "StatefulSet"
      metadata   = merge(local.metadata, { name = "coordinator", labels = local.coordinator_labels })
      spec = {
        serviceName = "coordinator"
        replicas    = 1
        selector    = { matchLabels = { "app.kubernetes.io/name" = "coordinator" } }
        template = {
          metadata = { labels = local.coordinator_labels }
          spec = {
            securityContext = local.pod_security
            containers      = [local.coordinator]
            volumes = [
              { name = "pki", secret = { secretName = var.tls_secret, defaultMode = local.secret_mode, items = local.coordinator_keys } },
              { name = "policy", configMap = { name = "fedinfer-policy" } },
              { name = "tenants", secret = { secretName = var.tenants_secret, defaultMode = local.secret_mode } },
            ]
          }
        }
        volumeClaimTemplates = [{
          metadata = { name = "audit" }
          spec     = { accessModes = ["ReadWriteOnce"], resources = { requests = { storage = "10Gi" } } }
        }]
      }
    },
    {
      apiVersion = "v1"
      kind       = "Service"
      metadata   = merge(local.metadata, { name = "coordinator" })
      spec = {
        selector = { "app.kubernetes.io/name" = "coordinator" }
        ports    = [{ name = "admin", port = local.admin_port, targetPort = "admin", protocol = "TCP", appProtocol = "http" }]
      }
    },
    {
      apiVersion = "policy/v1"
      kind       = "PodDisruptionBudget"
      metadata   = merge(local.metadata, { name = "nats-hub" })
      # One replica: a voluntary eviction (a node drain, an upgrade) may take it; JetStream keeps the queue.
      spec = { maxUnavailable = 1, selector = { matchLabels = { "app.kubernetes.io/name" = "nats-hub" } } }
    },
    {
      apiVersion = "networking.k8s.io/v1"
      kind       = "NetworkPolicy"
      metadata   = merge(local.metadata, { name = "leaf-links" })
      spec = {
        podSelector = { matchLabels = { "app.kubernetes.io/name" = "nats-hub" } }
        policyTypes = ["Ingress"]
        ingress = [{
          from  = [for cidr in var.leaf_source_cidrs : { ipBlock = { cidr = cidr } }]
          ports = [{ protocol = "TCP", port = local.leaf_port }]
        }]
      }
    },
  ], module.common.network_policies)
}
