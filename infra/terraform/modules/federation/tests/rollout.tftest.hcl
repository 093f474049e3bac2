# terraform test: the rollout logic of the federation module, on a realistic federation.

variables {
  federation = {
    name      = "demo"
    pki_dir   = "/etc/fedinfer/pki"
    state_dir = "/var/lib/fedinfer"
    policy    = "/etc/fedinfer/policy.yaml"
    hub       = { host = "hub.fedinfer.internal", client_port = 4222, leaf_port = 7422 }
    regions = {
      "eu-west"    = { jurisdiction = "EU", leaf = { host = "leaf.eu-west.internal", port = 4222 }, node_pools = [{ name = "a100", nodes = 2, gpus_per_node = 8 }] }
      "eu-central" = { jurisdiction = "EU", leaf = { host = "leaf.eu-central.internal", port = 4222 }, node_pools = [{ name = "h100", nodes = 1, gpus_per_node = 8 }] }
      "us-east"    = { jurisdiction = "US", leaf = { host = "leaf.us-east.internal", port = 4222 }, node_pools = [{ name = "h100", nodes = 4, gpus_per_node = 8 }] }
      "us-west"    = { jurisdiction = "US-CA", leaf = { host = "leaf.us-west.internal", port = 4222 }, node_pools = [{ name = "l40s", nodes = 2, gpus_per_node = 4 }] }
      "kr-central" = { jurisdiction = "KR", leaf = { host = "leaf.kr-central.internal", port = 4222 }, node_pools = [{ name = "h100", nodes = 1, gpus_per_node = 8 }, { name = "cpu", nodes = 2, gpus_per_node = 0 }] }
    }
  }
}

run "waves_keep_every_jurisdiction_serving" {
  command = plan

  assert {
    condition     = output.waves[0] == ["hub"]
    error_message = "The hub must be rolled out first."
  }
  assert {
    condition     = jsonencode(output.waves) == jsonencode([["hub"], ["eu-central", "kr-central", "us-east", "us-west"], ["eu-west"]])
    error_message = "Unexpected waves: ${jsonencode(output.waves)}"
  }
  assert {
    condition = alltrue([
      for wave in slice(output.waves, 1, length(output.waves)) :
      length(distinct([for r in wave : var.federation.regions[r].jurisdiction])) == length(wave)
    ])
    error_message = "Two regions of one jurisdiction are in the same wave."
  }
}

run "least_privilege_permissions" {
  command = plan

  assert {
    condition     = contains(output.leaf_configs["eu-west"].authorization.users[0].permissions.subscribe.allow, "fed.results.eu-west.>")
    error_message = "A region must read its own results."
  }
  assert {
    condition     = !anytrue([for s in output.leaf_configs["eu-west"].authorization.users[0].permissions.subscribe.allow : strcontains(s, "us-east") || s == ">" || s == "_INBOX.>"])
    error_message = "eu-west must not read other regions' subjects or everyone's inbox."
  }
  assert {
    condition     = contains(output.leaf_configs["eu-west"].authorization.users[0].permissions.publish.allow, "fed.results.*.eu-west.>")
    error_message = "A region publishes only results it produced."
  }
  assert {
    condition     = output.leaf_configs["us-east"].authorization.users[0].user == "CN=region-us-east,O=fedinfer"
    error_message = "Users are mapped from certificate subjects."
  }
  assert {
    condition     = output.hub_config.tls.verify_and_map && output.leaf_configs["kr-central"].tls.verify_and_map
    error_message = "Every listener verifies client certificates and maps them to users."
  }
  assert {
    condition     = output.hub_config.leafnodes.no_advertise && output.leaf_configs["kr-central"].leafnodes.remotes[0].urls == ["tls://hub.fedinfer.internal:7422"]
    error_message = "Leaf servers link to the hub over TLS, without advertising."
  }
}

run "identities_and_capacity" {
  command = plan

  assert {
    condition     = output.identities["leaf-us-west"].subject == "CN=leaf-us-west,O=fedinfer" && output.identities["leaf-us-west"].sans == ["leaf.us-west.internal"]
    error_message = "Leaf certificates carry their host as SAN."
  }
  assert {
    condition     = length(output.identities) == 3 + 2 * 5
    error_message = "One node and one leaf identity per region, plus hub, coordinator and admin."
  }
  assert {
    condition     = output.gpus["kr-central"] == 8 && output.gpus["us-east"] == 32
    error_message = "GPUs are summed over node pools."
  }
}

run "bad_region_name_is_refused" {
  command = plan
  variables {
    federation = {
      name      = "bad"
      pki_dir   = "/etc/fedinfer/pki"
      state_dir = "/var/lib/fedinfer"
      policy    = "/etc/fedinfer/policy.yaml"
      hub       = { host = "hub", client_port = 4222, leaf_port = 7422 }
      regions   = { "EU West" = { jurisdiction = "EU", leaf = { host = "leaf", port = 4222 }, node_pools = [{ name = "a", nodes = 1, gpus_per_node = 1 }] } }
    }
  }
  expect_failures = [var.federation]
}

run "bad_port_is_refused" {
  command = plan
  variables {
    federation = {
      name      = "bad"
      pki_dir   = "/etc/fedinfer/pki"
      state_dir = "/var/lib/fedinfer"
      policy    = "/etc/fedinfer/policy.yaml"
      hub       = { host = "hub", client_port = 70000, leaf_port = 7422 }
      regions   = { "eu-west" = { jurisdiction = "EU", leaf = { host = "leaf", port = 4222 }, node_pools = [{ name = "a", nodes = 1, gpus_per_node = 1 }] } }
    }
  }
  expect_failures = [var.federation]
}

run "empty_node_pool_is_refused" {
  command = plan
  variables {
    federation = {
      name      = "bad"
      pki_dir   = "/etc/fedinfer/pki/"
      state_dir = "/var/lib/fedinfer"
      policy    = "/etc/fedinfer/policy.yaml"
      hub       = { host = "hub", client_port = 4222, leaf_port = 7422 }
      regions   = { "eu-west" = { jurisdiction = "eu", leaf = { host = "leaf", port = 4222 }, node_pools = [] } }
    }
  }
  expect_failures = [var.federation]
}
