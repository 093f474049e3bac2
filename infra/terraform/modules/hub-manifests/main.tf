# Every Kubernetes object of the federation's hub, as data (built-in features only; see region-manifests):
# nats-server with JetStream (the job queue) and the coordinator, their Services (the leaf port reachable
# from the regions' clusters), PodDisruptionBudgets, and NetworkPolicies. The hub is one nats-server or
# a cluster of them (one pod each, on different hosts); coordinators are one or several sharing the
# work, with a shared PostgreSQL audit store.

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
  servers     = sort(keys(var.hub_configs))
  first       = var.hub_configs[local.servers[0]]
  clustered   = length(local.servers) > 1
  client_port = local.first.port
  leaf_port   = local.first.leafnodes.port
  route_port  = try(local.first.cluster.port, 0)
  admin_port  = 8700
  secret_mode = module.common.secret_mode
  # Each pod gets the CA and its own identity from the hub's certificate Secret, never another's key.
  hub_keys         = [for f in ["ca.crt", "hub.crt", "hub.key"] : { key = f, path = f }]
  coordinator_keys = [for f in ["ca.crt", "coordinator.crt", "coordinator.key"] : { key = f, path = f }]

  # Listen on every interface of the pod (the configured hosts are names: not bindable). One document
  # per server, `<server>.json`; a clustered server's pod reads its own, `$(POD_NAME).json`.
  hub_files = {
    for server, config in var.hub_configs : "${server}.json" => jsonencode(merge(
      config,
      { host = "0.0.0.0", leafnodes = merge(config.leafnodes, { host = "0.0.0.0" }) },
      { for key in ["cluster"] : key => merge(config.cluster, { host = "0.0.0.0" }) if local.clustered },
    ))
  }
  hub_file = local.clustered ? "$(POD_NAME).json" : "${local.servers[0]}.json"
  # The coordinators reach the hub at every server's own name (the client fails over between them), or
  # at the one server's Service.
  hub_hosts = local.clustered ? [for server in local.servers : var.hub_configs[server].cluster.host] : ["nats-hub.${var.namespace}.svc"]
  # Several coordinators share one audit store: a PostgreSQL URL from a Secret; one keeps SQLite on its volume.
  audit_database  = var.audit_database_secret == null ? [] : [var.audit_database_secret]
  audit_on_volume = length(local.audit_database) == 0

  # Several of a kind run on different hosts (a host lost takes one server, never the hub's majority,
  # and one coordinator); disruptions take them one at a time.
  several = { "nats-hub" = local.clustered, coordinator = var.coordinators > 1 }
  one_per_host = {
    for app, spread in local.several : app => {
      for key, value in {
        affinity = {
          podAntiAffinity = {
            requiredDuringSchedulingIgnoredDuringExecution = [{
              labelSelector = { matchLabels = { "app.kubernetes.io/name" = app } }
              topologyKey   = "kubernetes.io/hostname"
            }]
          }
        }
      } : key => value if spread
    }
  }

  pod_security       = module.common.pod_security
  container_security = module.common.container_security

  nats_labels        = merge(local.labels, { "app.kubernetes.io/name" = "nats-hub" })
  coordinator_labels = merge(local.labels, { "app.kubernetes.io/name" = "coordinator" })

  coordinator = {
    name    = "coordinator"
    image   = var.images.coordinator
    command = ["fedinfer", "coordinator"]
    env = [
      { name = "FEDINFER_COORDINATOR_NATS_URL", value = join(",", [for host in local.hub_hosts : "tls://${host}:${local.client_port}"]) },
      { name = "FEDINFER_COORDINATOR_JETSTREAM_REPLICAS", value = tostring(min(3, length(local.servers))) },
      { name = "FEDINFER_COORDINATOR_INSTANCE", valueFrom = { fieldRef = { fieldPath = "metadata.name" } } },
      { name = "FEDINFER_COORDINATOR_PKI_DIR", value = var.pki_mount },
      { name = "FEDINFER_COORDINATOR_POLICY", value = var.policy_path },
      { name = "FEDINFER_COORDINATOR_TENANTS_FILE", value = "/etc/fedinfer/tenants/tenants.yaml" },
      merge(
        { name = "FEDINFER_COORDINATOR_AUDIT_URL" },
        { for key in ["value"] : key => "sqlite:///${local.state_dir}/coordinator-audit.db" if local.audit_on_volume },
        { for db in local.audit_database : "valueFrom" => { secretKeyRef = { name = db.name, key = db.key } } },
      ),
      { name = "FEDINFER_COORDINATOR_HTTP_HOST", value = "0.0.0.0" },
      { name = "FEDINFER_COORDINATOR_HTTP_PORT", value = tostring(local.admin_port) },
    ]
    ports          = [{ name = "admin", containerPort = local.admin_port, protocol = "TCP" }]
    resources      = { requests = { cpu = "1", memory = "1Gi" }, limits = { memory = "2Gi" } }
    startupProbe   = { httpGet = { path = "/livez", port = "admin" }, periodSeconds = 2, failureThreshold = 60 }
    livenessProbe  = { httpGet = { path = "/livez", port = "admin" }, periodSeconds = 10 }
    readinessProbe = { httpGet = { path = "/healthz", port = "admin" }, periodSeconds = 5 }
    volumeMounts = concat(
      [
        { name = "pki", mountPath = var.pki_mount, readOnly = true },
        { name = "policy", mountPath = dirname(var.policy_path), readOnly = true },
        { name = "tenants", mountPath = "/etc/fedinfer/tenants", readOnly = true },
      ],
      [for name in ["audit"] : { name = name, mountPath = local.state_dir } if local.audit_on_volume],
    )
    securityContext = local.container_security
  }

  objects = concat([
    { apiVersion = "v1", kind = "Namespace", metadata = { name = var.namespace, labels = local.labels } },
    {
      apiVersion = "v1"
      kind       = "ConfigMap"
      metadata   = merge(local.metadata, { name = "nats-hub" })
      data       = local.hub_files
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
        # Immutable: a StatefulSet of one keeps the Service it was made with (see README, "One hub server to three").
        serviceName = local.clustered ? "nats-hub-cluster" : "nats-hub"
        replicas    = length(local.servers)
        selector    = { matchLabels = { "app.kubernetes.io/name" = "nats-hub" } }
        template = {
          metadata = { labels = local.nats_labels }
          spec = merge(local.one_per_host["nats-hub"], {
            securityContext = local.pod_security
            containers = [{
              name  = "nats"
              image = var.images.nats
              args  = ["-c", "${local.config_dir}/${local.hub_file}"]
              env   = [{ name = "POD_NAME", valueFrom = { fieldRef = { fieldPath = "metadata.name" } } }]
              ports = concat(
                [
                  { name = "clients", containerPort = local.client_port, protocol = "TCP" },
                  { name = "leafnodes", containerPort = local.leaf_port, protocol = "TCP" },
                ],
                [for name in ["cluster"] : { name = name, containerPort = local.route_port, protocol = "TCP" } if local.clustered],
              )
              resources       = { requests = { cpu = "1", memory = "1Gi" }, limits = { memory = "4Gi" } }
              livenessProbe   = { tcpSocket = { port = "clients" }, periodSeconds = 10 }
              readinessProbe  = { tcpSocket = { port = "clients" }, periodSeconds = 5 }
              securityContext = local.container_security
              volumeMounts = [
                { name = "config", mountPath = local.config_dir, readOnly = true },
                { name = "pki", mountPath = var.pki_mount, readOnly = true },
                { name = "jetstream", mountPath = dirname(local.first.jetstream.store_dir) },
              ]
            }]
            volumes = [
              { name = "config", configMap = { name = "nats-hub" } },
              { name = "pki", secret = { secretName = var.tls_secret, defaultMode = local.secret_mode, items = local.hub_keys } },
            ]
          })
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
      # A StatefulSet for stable names (each coordinator's audit chain is written under its pod's name);
      # its pods start in order, so the first creates the shared audit store's tables.
      spec = {
        serviceName = "coordinator"
        replicas    = var.coordinators
        selector    = { matchLabels = { "app.kubernetes.io/name" = "coordinator" } }
        template = {
          metadata = { labels = local.coordinator_labels }
          spec = merge(local.one_per_host["coordinator"], {
            securityContext = local.pod_security
            containers      = [local.coordinator]
            volumes = [
              { name = "pki", secret = { secretName = var.tls_secret, defaultMode = local.secret_mode, items = local.coordinator_keys } },
              { name = "policy", configMap = { name = "fedinfer-policy" } },
              { name = "tenants", secret = { secretName = var.tenants_secret, defaultMode = local.secret_mode } },
            ]
          })
        }
        volumeClaimTemplates = [for name in ["audit"] : {
          metadata = { name = name }
          spec     = { accessModes = ["ReadWriteOnce"], resources = { requests = { storage = "10Gi" } } }
        } if local.audit_on_volume]
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
  ], local.cluster_service, local.disruption_budgets, module.common.network_policies)

  # A clustered hub's servers find each other at their own names (routes form before they are ready).
  cluster_service = [for name in ["nats-hub-cluster"] : {
    apiVersion = "v1"
    kind       = "Service"
    metadata   = merge(local.metadata, { name = name })
    spec = {
      clusterIP                = "None"
      publishNotReadyAddresses = true
      selector                 = { "app.kubernetes.io/name" = "nats-hub" }
      ports = [
        { name = "clients", port = local.client_port, targetPort = "clients", protocol = "TCP" },
        { name = "cluster", port = local.route_port, targetPort = "cluster", protocol = "TCP" },
      ]
    }
  } if local.clustered]

  # One pod at a time: the one hub server may be evicted (a node drain, an upgrade; JetStream keeps the
  # queue on its volume), a cluster keeps its majority, several coordinators keep serving.
  disruption_budgets = [for app in ["nats-hub", "coordinator"] : {
    apiVersion = "policy/v1"
    kind       = "PodDisruptionBudget"
    metadata   = merge(local.metadata, { name = app })
    spec       = { maxUnavailable = 1, selector = { matchLabels = { "app.kubernetes.io/name" = app } } }
  } if app == "nats-hub" || local.several[app]]
}
