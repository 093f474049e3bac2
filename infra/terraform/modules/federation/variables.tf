variable "federation" {
  description = "The federation to roll out: the hub, and every region with its jurisdiction, leaf server and node pools."
  type = object({
    name      = string
    pki_dir   = string # where certificates are installed on every host (no trailing slash)
    state_dir = string # where servers keep state (JetStream) on the hub
    policy    = string # path of the policy file inside region node containers
    hub = object({
      host                = string
      external_host       = optional(string) # the leaf port's address from other clusters (default: host)
      client_port         = number
      leaf_port           = number
      jetstream_max_bytes = optional(number, 1073741824)
      servers             = optional(number, 1)    # nats-servers: 1, or a cluster of an odd number (3, 5)
      route_port          = optional(number, 6222) # clustered: where the servers route to each other
      cluster_domain      = optional(string)       # clustered: server NAME is NAME.<cluster_domain> (the headless Service)
    })
    regions = map(object({
      jurisdiction = string
      leaf = object({
        host = string
        port = number
      })
      api_port = optional(number, 8000)
      node_pools = list(object({
        name          = string
        nodes         = number
        gpus_per_node = number
        gpu_type      = optional(string, "nvidia-h100")
      }))
    }))
  })

  validation {
    condition     = length(var.federation.regions) > 0
    error_message = "A federation needs at least one region."
  }
  validation {
    condition     = alltrue([for name in keys(var.federation.regions) : can(regex("^[a-z][a-z0-9-]{0,62}$", name))])
    error_message = "Region names become NATS subject tokens: lowercase letters, digits and '-', starting with a letter (e.g. eu-west)."
  }
  validation {
    condition     = !contains(keys(var.federation.regions), "coordinator")
    error_message = "\"coordinator\" is reserved (the coordinator's own notices use it as their sender); name the region otherwise."
  }
  validation {
    condition     = alltrue([for r in values(var.federation.regions) : can(regex("^[A-Z][A-Za-z0-9-]{0,31}$", r.jurisdiction))])
    error_message = "Jurisdictions are written as in the policy: a capital letter first (e.g. EU, US-CA)."
  }
  validation {
    condition = alltrue([
      for p in concat(
        [var.federation.hub.client_port, var.federation.hub.leaf_port, var.federation.hub.route_port],
        flatten([for r in values(var.federation.regions) : [r.leaf.port, r.api_port]]),
      ) : p >= 1 && p <= 65535
    ])
    error_message = "Every port must be between 1 and 65535."
  }
  validation {
    condition     = alltrue([for r in values(var.federation.regions) : length(r.node_pools) > 0 && alltrue([for p in r.node_pools : p.nodes >= 1 && p.gpus_per_node >= 0])])
    error_message = "Every region needs at least one node pool with at least one node and a non-negative GPU count."
  }
  validation {
    condition     = var.federation.hub.servers == 1 || (var.federation.hub.servers >= 3 && var.federation.hub.servers % 2 == 1)
    error_message = "hub.servers is ${var.federation.hub.servers}: it must be 1, or an odd number of at least 3 (a cluster keeps JetStream while a majority of its servers is up)."
  }
  validation {
    condition     = var.federation.hub.servers == 1 || var.federation.hub.cluster_domain != null
    error_message = "A clustered hub (hub.servers > 1) needs hub.cluster_domain, the headless Service its servers are named under (e.g. nats-hub-cluster.fedinfer-hub.svc)."
  }
  validation {
    condition     = !endswith(var.federation.pki_dir, "/") && !endswith(var.federation.state_dir, "/")
    error_message = "pki_dir and state_dir are written without a trailing slash."
  }
}
