# Every Kubernetes object of one region, as data (built-in features only, so `terraform test` and the
# project's tests can render and check them offline). `modules/kubernetes-apply` applies them.
#
# Namespace; the leaf nats-server (Deployment, Service); the region nodes (StatefulSet, its headless
# Service, the API Service, a PodDisruptionBudget); their configuration and the policy (ConfigMaps);
# NetworkPolicies that deny everything but DNS, the hub's leaf port, in-namespace traffic and the API.

module "common" {
  source    = "../kubernetes-common"
  namespace = var.namespace
  labels    = local.labels
}

locals {
  labels     = { "app.kubernetes.io/part-of" = "fedinfer", "fedinfer.io/region" = var.region }
  config_dir = "/etc/fedinfer/config"
  policy_dir = dirname(var.node_config.policy)
  state_dir  = "/var/lib/fedinfer"
  home       = "/home/fedinfer"
  api_port   = var.node_config.api.port
  leaf_port  = var.leaf_config.port
  gpu        = var.gpus_per_replica > 0
  multi_node = var.nodes_per_replica > 1

  # GPUs compute in bfloat16; float32 (the engine's CPU default) would double the memory and halve the speed.
  gpu_engine = (local.gpu && try(var.engine.kind, "embedded") == "vllm" ? merge({ dtype = "bfloat16" }, var.engine) : var.engine)
  # Across machines the orchestrator starts the workers; the leader's rendezvous address is its own pod
  # address, given in the environment (0.0.0.0 here is refused if it ever is not).
  engine = merge(local.gpu_engine, {
    for key, value in {
      cluster = { nodes = var.nodes_per_replica, master_addr = "0.0.0.0", master_port = 29500, spawner = "none" }
    } : key => value if local.multi_node
  })
  region_yaml = yamlencode(merge(var.node_config, {
    api    = { host = "0.0.0.0", port = local.api_port }
    engine = local.engine
    audit  = { url = "sqlite:///${local.state_dir}/audit.db" }
  }))
  # A server in a pod listens on every interface: the Service's name resolves to its cluster IP, not to
  # an address of the pod, and nats-server cannot bind it.
  leaf_json = jsonencode(merge(var.leaf_config, { host = "0.0.0.0" }))

  metadata = { namespace = var.namespace, labels = local.labels }
  # Each pod gets the CA and its own identity from the region's certificate Secret, never another's key.
  node_keys          = [for f in ["ca.crt", "region-${var.region}.crt", "region-${var.region}.key"] : { key = f, path = f }]
  leaf_keys          = [for f in ["ca.crt", "leaf-${var.region}.crt", "leaf-${var.region}.key"] : { key = f, path = f }]
  pod_security       = module.common.pod_security
  container_security = module.common.container_security
  secret_mode        = module.common.secret_mode

  model_volume = merge(
    { name = "model" },
    var.model_volume.kind == "pvc" ? { persistentVolumeClaim = { claimName = var.model_volume.claim_name, readOnly = true } } : {},
    var.model_volume.kind == "host_path" ? { hostPath = { path = var.model_volume.path, type = "Directory" } } : {},
    var.model_volume.kind == "image" ? { image = { reference = var.model_volume.image, pullPolicy = "IfNotPresent" } } : {},
  )

  node_labels   = merge(local.labels, { "app.kubernetes.io/name" = "region-node", "fedinfer.io/engine" = "true" })
  worker_labels = merge(local.labels, { "app.kubernetes.io/name" = "region-node-worker", "fedinfer.io/engine" = "true" })
  leaf_labels   = merge(local.labels, { "app.kubernetes.io/name" = "nats-leaf" })

  region_node = {
    name    = "region-node"
    image   = var.images.region_node
    command = ["fedinfer", "region", "serve", "${local.config_dir}/region.yaml"]
    env = [
      { name = "FEDINFER_REGION_NODE", valueFrom = { fieldRef = { fieldPath = "metadata.name" } } },
      { name = "FEDINFER_REGION_TENANTS", valueFrom = { secretKeyRef = { name = var.tenants_secret, key = "tenants.json" } } },
      { name = "HOME", value = local.home },
    ]
    ports = [{ name = "http", containerPort = local.api_port, protocol = "TCP" }]
    resources = {
      requests = merge({ cpu = var.resources.cpu, memory = var.resources.memory }, local.gpu ? { (var.gpu_resource) = tostring(var.gpus_per_replica) } : {})
      limits   = merge({ memory = var.resources.memory }, local.gpu ? { (var.gpu_resource) = tostring(var.gpus_per_replica) } : {})
    }
    # Loading a large model takes minutes: the startup probe allows 30 of them before liveness counts.
    startupProbe   = { httpGet = { path = "/livez", port = "http" }, periodSeconds = 10, failureThreshold = 180 }
    livenessProbe  = { httpGet = { path = "/livez", port = "http" }, periodSeconds = 10, failureThreshold = 3 }
    readinessProbe = { httpGet = { path = "/healthz", port = "http" }, periodSeconds = 5, failureThreshold = 2 }
    volumeMounts = [
      { name = "config", mountPath = local.config_dir, readOnly = true },
      { name = "policy", mountPath = local.policy_dir, readOnly = true },
      { name = "pki", mountPath = var.pki_mount, readOnly = true },
      { name = "model", mountPath = var.model_volume.mount_path, readOnly = true },
      { name = "shm", mountPath = "/dev/shm" },
      { name = "home", mountPath = local.home },
      { name = "audit", mountPath = local.state_dir },
    ]
    securityContext = local.container_security
  }

  # The pod of a region node (the leader of a multi-node engine), and the volumes every node mounts.
  node_volumes = [
    { name = "config", configMap = { name = "fedinfer-${var.region}" } },
    { name = "policy", configMap = { name = "fedinfer-policy" } },
    { name = "pki", secret = { secretName = var.tls_secret, defaultMode = local.secret_mode, items = local.node_keys } },
    local.model_volume,
    { name = "shm", emptyDir = { medium = "Memory", sizeLimit = var.shm_size } },
    { name = "home", emptyDir = {} },
  ]
  spread = {
    podAntiAffinity = {
      # One node per machine: a single-machine replica prefers its own machine; every pod of a
      # multi-node engine must have one (it takes all of the machine's GPUs).
      preferredDuringSchedulingIgnoredDuringExecution = local.multi_node ? [] : [{
        weight = 100
        podAffinityTerm = {
          topologyKey   = "kubernetes.io/hostname"
          labelSelector = { matchLabels = { "fedinfer.io/engine" = "true" } }
        }
      }]
      requiredDuringSchedulingIgnoredDuringExecution = local.multi_node ? [{
        topologyKey   = "kubernetes.io/hostname"
        labelSelector = { matchLabels = { "fedinfer.io/engine" = "true" } }
      }] : []
    }
  }
  node_pod = {
    securityContext               = local.pod_security
    nodeSelector                  = var.node_selector
    terminationGracePeriodSeconds = 60 # the node drains its running jobs (offload.drain_timeout_s)
    tolerations                   = local.gpu ? [{ key = var.gpu_resource, operator = "Exists", effect = "NoSchedule" }] : []
    affinity                      = local.spread
    containers                    = [local.region_node]
    volumes                       = local.node_volumes
  }
  audit_claim = {
    metadata = { name = "audit" }
    spec     = { accessModes = ["ReadWriteOnce"], resources = { requests = { storage = "20Gi" } } }
  }

  # The StatefulSet's headless Service (stable names for each node). A LeaderWorkerSet makes its own,
  # publishing addresses before readiness, which its workers need to reach the leader's rendezvous.
  headless_service = {
    apiVersion = "v1"
    kind       = "Service"
    metadata   = merge(local.metadata, { name = "region-node" })
    spec = {
      clusterIP = "None"
      selector  = { "app.kubernetes.io/name" = "region-node" }
      ports     = [{ name = "http", port = local.api_port, targetPort = "http", protocol = "TCP" }]
    }
  }

  statefulset = {
    apiVersion = "apps/v1"
    kind       = "StatefulSet"
    metadata   = merge(local.metadata, { name = "region-node", labels = local.node_labels })
    spec = {
      serviceName          = "region-node"
      replicas             = var.replicas
      selector             = { matchLabels = { "app.kubernetes.io/name" = "region-node" } }
      template             = { metadata = { labels = local.node_labels }, spec = local.node_pod }
      volumeClaimTemplates = [local.audit_claim]
    }
  }

  # A multi-node engine: each replica a group of `nodes_per_replica` pods (LeaderWorkerSet), the leader
  # the region node (vLLM's rank 0, its rendezvous at the leader's own pod address), the others
  # headless vLLM workers (`fedinfer region worker`), scheduled together and recreated together when
  # any of them restarts; the rendezvous stays on the cluster network inside the namespace.
  worker = {
    name  = "vllm-worker"
    image = var.images.region_node
    command = [
      "fedinfer", "region", "worker", "${local.config_dir}/region.yaml",
      "--master-addr", "$(LWS_LEADER_ADDRESS)", "--rank", "$(LWS_WORKER_INDEX)",
    ]
    env             = [{ name = "HOME", value = local.home }]
    resources       = local.region_node.resources
    securityContext = local.container_security
    volumeMounts    = [for m in local.region_node.volumeMounts : m if contains(["config", "model", "shm", "home"], m.name)]
  }
  leader = merge(local.region_node, {
    env = concat(local.region_node.env, [
      { name = "FEDINFER_REGION_ENGINE__CLUSTER__MASTER_ADDR", valueFrom = { fieldRef = { fieldPath = "status.podIP" } } },
    ])
  })
  leader_worker_set = {
    apiVersion = "leaderworkerset.x-k8s.io/v1"
    kind       = "LeaderWorkerSet"
    metadata   = merge(local.metadata, { name = "region-node", labels = local.node_labels })
    spec = {
      replicas      = var.replicas
      startupPolicy = "LeaderCreated"
      leaderWorkerTemplate = {
        size          = var.nodes_per_replica
        restartPolicy = "RecreateGroupOnPodRestart"
        leaderTemplate = {
          metadata = { labels = local.node_labels }
          spec     = merge(local.node_pod, { containers = [local.leader] })
        }
        workerTemplate = {
          metadata = { labels = local.worker_labels }
          spec = merge(local.node_pod, {
            containers = [local.worker]
            volumes    = [for v in local.node_volumes : v if contains(["config", "model", "shm", "home"], v.name)]
          })
        }
        volumeClaimTemplates = [local.audit_claim]
      }
    }
  }

  objects = concat([
    {
      apiVersion = "v1"
      kind       = "Namespace"
      metadata   = { name = var.namespace, labels = local.labels }
    },
    {
      apiVersion = "v1"
      kind       = "ConfigMap"
      metadata   = merge(local.metadata, { name = "fedinfer-${var.region}" })
      data       = { "region.yaml" = local.region_yaml, "leaf.json" = local.leaf_json }
    },
    {
      apiVersion = "v1"
      kind       = "ConfigMap"
      metadata   = merge(local.metadata, { name = "fedinfer-policy" })
      data       = { (basename(var.node_config.policy)) = var.policy }
    },
    {
      apiVersion = "apps/v1"
      kind       = "Deployment"
      metadata   = merge(local.metadata, { name = "nats-leaf", labels = local.leaf_labels })
      spec = {
        replicas = 1
        selector = { matchLabels = { "app.kubernetes.io/name" = "nats-leaf" } }
        template = {
          metadata = { labels = local.leaf_labels }
          spec = {
            securityContext = local.pod_security
            containers = [{
              name            = "nats"
              image           = var.images.nats
              args            = ["-c", "${local.config_dir}/leaf.json"]
              ports           = [{ name = "nats", containerPort = local.leaf_port, protocol = "TCP" }]
              resources       = { requests = { cpu = "250m", memory = "256Mi" }, limits = { memory = "1Gi" } }
              livenessProbe   = { tcpSocket = { port = "nats" }, periodSeconds = 10 }
              readinessProbe  = { tcpSocket = { port = "nats" }, periodSeconds = 5 }
              securityContext = local.container_security
              volumeMounts = [
                { name = "config", mountPath = local.config_dir, readOnly = true },
                { name = "pki", mountPath = var.pki_mount, readOnly = true },
              ]
            }]
            volumes = [
              { name = "config", configMap = { name = "fedinfer-${var.region}" } },
              { name = "pki", secret = { secretName = var.tls_secret, defaultMode = local.secret_mode, items = local.leaf_keys } },
            ]
          }
        }
      }
    },
    {
      apiVersion = "v1"
      kind       = "Service"
      metadata   = merge(local.metadata, { name = "nats-leaf" })
      spec = {
        selector = { "app.kubernetes.io/name" = "nats-leaf" }
        ports    = [{ name = "nats", port = local.leaf_port, targetPort = "nats", protocol = "TCP" }]
      }
    },
    {
      apiVersion = "v1"
      kind       = "Service"
      metadata   = merge(local.metadata, { name = "region-api" })
      spec = {
        selector = { "app.kubernetes.io/name" = "region-node" }
        # Plain HTTP, and said so: TLS is terminated in front of it (an ingress or a mesh), not pretended.
        ports = [{ name = "http", port = local.api_port, targetPort = "http", protocol = "TCP", appProtocol = "http" }]
      }
    },
    ], [for o in [local.headless_service, local.statefulset] : o if !local.multi_node], [for o in [local.leader_worker_set] : o if local.multi_node], [
    {
      apiVersion = "policy/v1"
      kind       = "PodDisruptionBudget"
      metadata   = merge(local.metadata, { name = "region-node" })
      spec = {
        maxUnavailable = 1 # one engine pod at a time (a multi-node group's workers too)
        selector       = { matchLabels = { "fedinfer.io/engine" = "true" } }
      }
    },
    {
      apiVersion = "networking.k8s.io/v1"
      kind       = "NetworkPolicy"
      metadata   = merge(local.metadata, { name = "leaf-to-hub" })
      spec = {
        podSelector = { matchLabels = { "app.kubernetes.io/name" = "nats-leaf" } }
        policyTypes = ["Egress"]
        egress      = [{ to = [{ ipBlock = { cidr = var.hub_leaf.cidr } }], ports = [{ protocol = "TCP", port = var.hub_leaf.port }] }]
      }
    },
    {
      apiVersion = "networking.k8s.io/v1"
      kind       = "NetworkPolicy"
      metadata   = merge(local.metadata, { name = "region-api" })
      spec = {
        podSelector = { matchLabels = { "app.kubernetes.io/name" = "region-node" } }
        policyTypes = ["Ingress", "Egress"]
        ingress     = [{ ports = [{ protocol = "TCP", port = local.api_port }] }]
        egress      = [for e in var.extra_egress : { to = [{ ipBlock = { cidr = e.cidr } }], ports = [{ protocol = "TCP", port = e.port }] }]
      }
    },
  ], module.common.network_policies)
}
