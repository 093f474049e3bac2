# `terraform test` of the region's Kubernetes objects (built-ins only; the project's Python tests also
# validate every object against the Kubernetes API schema and replay the pod).

variables {
  region    = "eu-west"
  namespace = "fedinfer-eu-west"
  node_config = {
    region = "eu-west"
    policy = "/etc/fedinfer/policy/policy.yaml"
    nats   = { url = "tls://nats-leaf.fedinfer-eu-west.svc:4222", pki_dir = "/etc/fedinfer/pki" }
    api    = { host = "0.0.0.0", port = 8000 }
  }
  leaf_config      = { server_name = "leaf-eu-west", host = "nats-leaf.fedinfer-eu-west.svc", port = 4222 }
  policy           = "version: 1\n"
  engine           = { kind = "vllm", model = "m", path = "/models/m", tensor_parallel_size = 4 }
  images           = { region_node = "fedinfer:1" }
  gpus_per_replica = 4
  model_volume     = { kind = "pvc", claim_name = "models" }
  tls_secret       = "tls"
  tenants_secret   = "tenants"
  hub_leaf         = { cidr = "203.0.113.10/32", port = 7422 }
}

run "gpu_region" {
  command = apply

  assert {
    condition     = yamldecode(output.region_yaml).engine.dtype == "bfloat16"
    error_message = "vLLM on GPUs runs in bfloat16 unless the engine says otherwise."
  }
  assert {
    condition     = yamldecode(output.region_yaml).policy == "/etc/fedinfer/policy/policy.yaml"
    error_message = "The node reads the policy where the federation module says."
  }
  assert {
    condition = anytrue([
      for o in output.objects : o.kind == "StatefulSet" && length(o.spec.template.spec.tolerations) == 1
    ])
    error_message = "GPU nodes are tainted: the region nodes tolerate it."
  }
  assert {
    condition     = jsondecode([for o in output.objects : o if o.kind == "ConfigMap" && o.metadata.name == "fedinfer-eu-west"][0].data["leaf.json"]).host == "0.0.0.0"
    error_message = "The leaf server listens on every interface of its pod."
  }
}

run "cpu_region_keeps_its_dtype" {
  command = apply
  variables {
    gpus_per_replica = 0
    engine           = { kind = "embedded", model = "m", path = "/models/m" }
    model_volume     = { kind = "host_path", path = "/srv/models" }
  }

  assert {
    condition     = !can(yamldecode(output.region_yaml).engine.dtype)
    error_message = "A CPU region keeps the engine's own default dtype."
  }
  assert {
    condition = alltrue([
      for o in output.objects : length(o.spec.template.spec.tolerations) == 0 if o.kind == "StatefulSet"
    ])
    error_message = "Without GPUs, no GPU toleration."
  }
}

run "a_model_volume_without_its_source_is_refused" {
  command = plan
  variables {
    model_volume = { kind = "pvc" }
  }
  expect_failures = [var.model_volume]
}
