# The rollout logic of a fedinfer federation, with Terraform's built-in features only. It renders the
# same nats-server documents as the Python package `federation.natsconf` (a test compares the two).

locals {
  f       = var.federation
  regions = sort(keys(local.f.regions))

  stream    = "JOBS"
  js_domain = "hub"
  js_api    = "$JS.${local.js_domain}.API"

  # -- rollout waves: the hub first, then regions, never two of one jurisdiction in the same wave,
  #    so every jurisdiction keeps a serving region while another of its regions is rolled.
  jurisdictions   = sort(distinct([for r in local.regions : local.f.regions[r].jurisdiction]))
  by_jurisdiction = { for j in local.jurisdictions : j => sort([for r in local.regions : r if local.f.regions[r].jurisdiction == j]) }
  wave_count      = max([for j in local.jurisdictions : length(local.by_jurisdiction[j])]...)
  region_waves = [
    for i in range(local.wave_count) : sort([for j in local.jurisdictions : local.by_jurisdiction[j][i] if length(local.by_jurisdiction[j]) > i])
  ]
  waves = concat([["hub"]], local.region_waves)

  # -- the hub's servers: one named `hub`, or a NATS cluster whose servers are named like the pods of
  #    the hub's StatefulSet (nats-hub-0, nats-hub-1, ...), each reached by the others (and by the
  #    coordinators) at its own name under the StatefulSet's headless Service, `hub.cluster_domain`.
  clustered   = local.f.hub.servers > 1
  hub_servers = local.clustered ? [for i in range(local.f.hub.servers) : "nats-hub-${i}"] : ["hub"]
  route_hosts = { for s in local.hub_servers : s => "${s}.${local.f.hub.cluster_domain}" if local.clustered }

  # Regions run in clusters of their own: their leaf servers reach the hub at the address its leaf
  # Service has outside the hub's cluster (`hub.external_host`), not at its in-cluster name.

  # -- identities: certificate subjects and SANs
  identities = merge(
    {
      hub         = { subject = "CN=hub,O=fedinfer", sans = distinct(compact(concat([local.f.hub.host, local.f.hub.external_host], values(local.route_hosts)))) }
      coordinator = { subject = "CN=coordinator,O=fedinfer", sans = [local.f.hub.host] }
      admin       = { subject = "CN=admin,O=fedinfer", sans = [] }
    },
    { for r in local.regions : "region-${r}" => { subject = "CN=region-${r},O=fedinfer", sans = [local.f.regions[r].leaf.host] } },
    { for r in local.regions : "leaf-${r}" => { subject = "CN=leaf-${r},O=fedinfer", sans = [local.f.regions[r].leaf.host] } },
  )

  # -- permissions and accounts (federation/natsconf.py): the coordinator, JetStream and operators in
  #    account FED; each region's leaf link bound to an account of its own that sees only what is
  #    exported to it by name, so a reply subject a region chooses lands back in its own account.
  fed_account     = "FED"
  region_accounts = { for r in local.regions : r => "REGION_${r}" }
  node_permissions = {
    for r in local.regions : r => {
      publish = {
        allow = [
          "fed.heartbeat.${r}.>",
          "fed.submit.${r}",
          "fed.results.*.${r}.>",
          "fed.resend.*.${r}.>",
          "fed.js.${r}.CONSUMER.MSG.NEXT.${local.stream}.jobs-${r}",
          "$JS.ACK.${local.stream}.jobs-${r}.>",
        ]
      }
      subscribe = {
        allow = ["fed.results.${r}.>", "_INBOX_region-${r}.>", "fed.audit.${r}", "fed.catalogue.${r}", "fed.policy.${r}", "fed.resend.${r}.>"]
      }
      allow_responses = true
    }
  }
  coordinator_permissions = {
    publish = {
      allow = ["fed.jobs.>", "fed.audit.*", "$JS.API.>", "${local.js_api}.>", "fed.results.*.coordinator.>", "fed.catalogue.*", "fed.policy.*", "$KV.SUBMISSIONS.>"]
      # It reads the published policy and makes its bucket, but may not remove or rewrite what an admin published.
      deny = [
        for pair in setproduct(["$JS.API", local.js_api], ["STREAM.DELETE", "STREAM.PURGE", "STREAM.MSG.DELETE", "STREAM.UPDATE"]) :
        "${pair[0]}.${pair[1]}.KV_POLICY"
      ]
    }
    subscribe = {
      allow = ["fed.submit.*", "fed.heartbeat.>", "fed.jobs.*", "_INBOX_coordinator.>"]
    }
    allow_responses = true
  }
  admin_permissions = { publish = { allow = [">"] }, subscribe = { allow = [">"] } }

  fed_account_config = {
    jetstream = "enabled"
    users = [
      { user = local.identities["coordinator"].subject, permissions = local.coordinator_permissions },
      { user = local.identities["admin"].subject, permissions = local.admin_permissions },
    ]
    exports = flatten([for r in local.regions : [
      { service = "fed.submit.${r}", accounts = [local.region_accounts[r]] },
      {
        service       = "$JS.API.CONSUMER.MSG.NEXT.${local.stream}.jobs-${r}"
        accounts      = [local.region_accounts[r]]
        response_type = "stream"
      },
      { service = "$JS.ACK.${local.stream}.jobs-${r}.>", accounts = [local.region_accounts[r]] },
      { stream = "fed.results.${r}.coordinator.>", accounts = [local.region_accounts[r]] },
      { stream = "fed.catalogue.${r}", accounts = [local.region_accounts[r]] },
      { stream = "fed.policy.${r}", accounts = [local.region_accounts[r]] },
    ]])
    imports = flatten([for r in local.regions : [
      { stream = { account = local.region_accounts[r], subject = "fed.heartbeat.${r}.>" } },
      { service = { account = local.region_accounts[r], subject = "fed.audit.${r}" } },
    ]])
  }
  region_account_configs = {
    for r in local.regions : local.region_accounts[r] => {
      exports = concat(
        [
          { stream = "fed.heartbeat.${r}.>", accounts = [local.fed_account] },
          { service = "fed.audit.${r}", accounts = [local.fed_account] },
        ],
        [for o in local.regions : { stream = "fed.results.${o}.${r}.>", accounts = [local.region_accounts[o]] } if o != r],
        [for e in local.regions : { stream = "fed.resend.${e}.${r}.>", accounts = [local.region_accounts[e]] } if e != r],
      )
      imports = concat(
        [
          { service = { account = local.fed_account, subject = "fed.submit.${r}" } },
          {
            service = { account = local.fed_account, subject = "$JS.API.CONSUMER.MSG.NEXT.${local.stream}.jobs-${r}" }
            to      = "fed.js.${r}.CONSUMER.MSG.NEXT.${local.stream}.jobs-${r}"
          },
          { service = { account = local.fed_account, subject = "$JS.ACK.${local.stream}.jobs-${r}.>" } },
          { stream = { account = local.fed_account, subject = "fed.results.${r}.coordinator.>" } },
          { stream = { account = local.fed_account, subject = "fed.catalogue.${r}" } },
          { stream = { account = local.fed_account, subject = "fed.policy.${r}" } },
        ],
        [for e in local.regions : { stream = { account = local.region_accounts[e], subject = "fed.results.${r}.${e}.>" } } if e != r],
        [for o in local.regions : { stream = { account = local.region_accounts[o], subject = "fed.resend.${r}.${o}.>" } } if o != r],
      )
    }
  }

  tls = {
    for identity in keys(local.identities) : identity => {
      cert_file      = "${local.f.pki_dir}/${identity}.crt"
      key_file       = "${local.f.pki_dir}/${identity}.key"
      ca_file        = "${local.f.pki_dir}/ca.crt"
      verify_and_map = true
      timeout        = 5
    }
  }

  # -- nats-server documents (JSON, which nats-server reads as configuration), one per hub server.
  #    Clustered, the servers route to each other over mTLS with the hub's own certificate (no other
  #    identity may join) and JetStream replicates across them.
  hub_clusters = {
    for s, host in local.route_hosts : s => {
      name          = "fed-hub"
      host          = host
      port          = local.f.hub.route_port
      no_advertise  = true
      tls           = local.tls["hub"]
      authorization = { user = local.identities["hub"].subject } # a route must present the hub's certificate
      routes        = [for other in local.hub_servers : "tls://${local.route_hosts[other]}:${local.f.hub.route_port}" if other != s]
    }
  }
  hub_configs = {
    for s in local.hub_servers : s => merge(
      {
        server_name  = s
        host         = local.f.hub.host
        port         = local.f.hub.client_port
        tls          = local.tls["hub"]
        accounts     = merge({ (local.fed_account) = local.fed_account_config }, local.region_account_configs)
        no_auth_user = ""
        jetstream = {
          domain           = local.js_domain
          store_dir        = "${local.f.state_dir}/${local.clustered ? s : "hub"}-jetstream"
          max_file_store   = local.f.hub.jetstream_max_bytes
          max_memory_store = 67108864
        }
        leafnodes = {
          host         = local.f.hub.host
          port         = local.f.hub.leaf_port
          no_advertise = true
          tls          = local.tls["hub"]
          authorization = {
            users = [for r in local.regions : { user = local.identities["leaf-${r}"].subject, account = local.region_accounts[r] }]
          }
        }
      },
      { for key in ["cluster"] : key => local.hub_clusters[s] if local.clustered },
    )
  }
  hub_config = local.hub_configs[local.hub_servers[0]]

  leaf_configs = {
    for r in local.regions : r => {
      server_name = "leaf-${r}"
      host        = local.f.regions[r].leaf.host
      port        = local.f.regions[r].leaf.port
      tls         = local.tls["leaf-${r}"]
      authorization = {
        users = [
          { user = local.identities["region-${r}"].subject, permissions = local.node_permissions[r] },
          { user = local.identities["admin"].subject, permissions = local.admin_permissions },
        ]
      }
      leafnodes = {
        no_advertise = true
        remotes = [{
          # One address for every hub server: they share the leaf Service (a load balancer over the
          # servers that are up), the one name other clusters can reach.
          urls = ["tls://${coalesce(local.f.hub.external_host, local.f.hub.host)}:${local.f.hub.leaf_port}"]
          tls = {
            cert_file = local.tls["leaf-${r}"].cert_file
            key_file  = local.tls["leaf-${r}"].key_file
            ca_file   = local.tls["leaf-${r}"].ca_file
          }
        }]
      }
    }
  }

  # -- each region node's configuration (region_node/config.py) without tenants: their token hashes
  #    come from the operator's secret store at deploy time, never from this module.
  node_configs = {
    for r in local.regions : r => {
      region = r
      policy = local.f.policy
      nats   = { url = "tls://${local.f.regions[r].leaf.host}:${local.f.regions[r].leaf.port}", pki_dir = local.f.pki_dir }
      api    = { host = "0.0.0.0", port = local.f.regions[r].api_port }
    }
  }
  gpus = { for r in local.regions : r => sum([for p in local.f.regions[r].node_pools : p.nodes * p.gpus_per_node]) }
}

# A record of the rollout plan in state, so a change of waves or configuration shows in `plan`.
resource "terraform_data" "rollout" {
  input = {
    waves        = local.waves
    hub_digests  = { for s in local.hub_servers : s => sha256(jsonencode(local.hub_configs[s])) }
    leaf_digests = { for r in local.regions : r => sha256(jsonencode(local.leaf_configs[r])) }
  }
}
