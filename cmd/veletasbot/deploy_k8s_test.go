package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"maps"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/veletasbot/veletas/store"
)

// k8sDir is deploy/k8s, from this package's directory.
const k8sDir = "../../deploy/k8s"

// The manifests' shapes, as far as TestK8sManifests reads them.
type (
	k8sMeta struct {
		Name        string            `yaml:"name"`
		Namespace   string            `yaml:"namespace"`
		Labels      map[string]string `yaml:"labels"`
		Annotations map[string]string `yaml:"annotations"`
	}
	k8sObject struct {
		APIVersion string            `yaml:"apiVersion"`
		Kind       string            `yaml:"kind"`
		Metadata   k8sMeta           `yaml:"metadata"`
		Data       map[string]string `yaml:"data"`
		node       *yaml.Node        // the whole document
		file       string
	}
	k8sSelector struct {
		MatchLabels map[string]string `yaml:"matchLabels"`
	}
	// k8sWorkload is a Deployment or a StatefulSet.
	k8sWorkload struct {
		Spec struct {
			Replicas    *int        `yaml:"replicas"`
			ServiceName string      `yaml:"serviceName"`
			Selector    k8sSelector `yaml:"selector"`
			Template    struct {
				Metadata k8sMeta    `yaml:"metadata"`
				Spec     k8sPodSpec `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	k8sPodSpec struct {
		AutomountServiceAccountToken  *bool          `yaml:"automountServiceAccountToken"`
		TerminationGracePeriodSeconds *int           `yaml:"terminationGracePeriodSeconds"`
		SecurityContext               k8sSecContext  `yaml:"securityContext"`
		Containers                    []k8sContainer `yaml:"containers"`
		InitContainers                []k8sContainer `yaml:"initContainers"`
		Volumes                       []struct {
			Name   string `yaml:"name"`
			Secret *struct {
				SecretName  string `yaml:"secretName"`
				DefaultMode *int   `yaml:"defaultMode"`
			} `yaml:"secret"`
		} `yaml:"volumes"`
	}
	k8sSecContext struct {
		RunAsNonRoot             *bool `yaml:"runAsNonRoot"`
		RunAsUser                *int  `yaml:"runAsUser"`
		ReadOnlyRootFilesystem   *bool `yaml:"readOnlyRootFilesystem"`
		AllowPrivilegeEscalation *bool `yaml:"allowPrivilegeEscalation"`
		Privileged               *bool `yaml:"privileged"`
		Capabilities             struct {
			Add  []string `yaml:"add"`
			Drop []string `yaml:"drop"`
		} `yaml:"capabilities"`
		SeccompProfile struct {
			Type string `yaml:"type"`
		} `yaml:"seccompProfile"`
	}
	k8sContainer struct {
		Name    string   `yaml:"name"`
		Image   string   `yaml:"image"`
		Command []string `yaml:"command"`
		Args    []string `yaml:"args"`
		Env     []struct {
			Name      string `yaml:"name"`
			Value     string `yaml:"value"`
			ValueFrom *struct {
				SecretKeyRef    *struct{} `yaml:"secretKeyRef"`
				ConfigMapKeyRef *struct{} `yaml:"configMapKeyRef"`
				FieldRef        *struct{} `yaml:"fieldRef"`
			} `yaml:"valueFrom"`
		} `yaml:"env"`
		EnvFrom []struct {
			ConfigMapRef *struct {
				Name string `yaml:"name"`
			} `yaml:"configMapRef"`
			SecretRef *struct{} `yaml:"secretRef"`
		} `yaml:"envFrom"`
		Ports []struct {
			Name          string `yaml:"name"`
			ContainerPort int    `yaml:"containerPort"`
		} `yaml:"ports"`
		StartupProbe   *k8sProbe `yaml:"startupProbe"`
		LivenessProbe  *k8sProbe `yaml:"livenessProbe"`
		ReadinessProbe *k8sProbe `yaml:"readinessProbe"`
		Lifecycle      struct {
			PreStop *struct {
				Sleep *struct {
					Seconds int `yaml:"seconds"`
				} `yaml:"sleep"`
			} `yaml:"preStop"`
		} `yaml:"lifecycle"`
		Resources struct {
			Requests map[string]string `yaml:"requests"`
			Limits   map[string]string `yaml:"limits"`
		} `yaml:"resources"`
		SecurityContext *k8sSecContext `yaml:"securityContext"`
		VolumeMounts    []struct {
			Name      string `yaml:"name"`
			MountPath string `yaml:"mountPath"`
			ReadOnly  bool   `yaml:"readOnly"`
		} `yaml:"volumeMounts"`
	}
	k8sProbe struct {
		HTTPGet *struct {
			Path string  `yaml:"path"`
			Port k8sPort `yaml:"port"`
		} `yaml:"httpGet"`
		TCPSocket *struct {
			Port k8sPort `yaml:"port"`
		} `yaml:"tcpSocket"`
		TimeoutSeconds int `yaml:"timeoutSeconds"`
	}
	k8sPDB struct {
		Spec struct {
			MinAvailable   *int        `yaml:"minAvailable"`
			MaxUnavailable *int        `yaml:"maxUnavailable"`
			Selector       k8sSelector `yaml:"selector"`
		} `yaml:"spec"`
	}
	k8sService struct {
		Spec struct {
			Selector map[string]string `yaml:"selector"`
			Ports    []struct {
				Name       string  `yaml:"name"`
				Port       int     `yaml:"port"`
				TargetPort k8sPort `yaml:"targetPort"`
			} `yaml:"ports"`
		} `yaml:"spec"`
	}
	k8sNetPol struct {
		Spec struct {
			PodSelector k8sSelector `yaml:"podSelector"`
			PolicyTypes []string    `yaml:"policyTypes"`
			Ingress     []k8sRule   `yaml:"ingress"`
			Egress      []k8sRule   `yaml:"egress"`
		} `yaml:"spec"`
	}
	k8sRule struct {
		Peers []struct {
			PodSelector *k8sSelector `yaml:"podSelector"`
		} `yaml:"to"`
		From []struct {
			PodSelector       *k8sSelector `yaml:"podSelector"`
			NamespaceSelector *k8sSelector `yaml:"namespaceSelector"`
		} `yaml:"from"`
		Ports []struct {
			Port k8sPort `yaml:"port"`
		} `yaml:"ports"`
	}
	k8sKustomization struct {
		Namespace       string   `yaml:"namespace"`
		Resources       []string `yaml:"resources"`
		SecretGenerator []struct {
			Name  string   `yaml:"name"`
			Files []string `yaml:"files"`
		} `yaml:"secretGenerator"`
		Images []struct {
			Name    string `yaml:"name"`
			NewName string `yaml:"newName"`
			NewTag  string `yaml:"newTag"`
			Digest  string `yaml:"digest"`
		} `yaml:"images"`
	}
)

// k8sPort is a port by number or by name.
type k8sPort string

// UnmarshalYAML takes a number or a name.
func (p *k8sPort) UnmarshalYAML(n *yaml.Node) error {
	*p = k8sPort(n.Value)
	return nil
}

// decodeK8s reads the YAML documents of r.
func decodeK8s(t *testing.T, file string, r io.Reader) []k8sObject {
	t.Helper()
	var objs []k8sObject
	dec := yaml.NewDecoder(r)
	for {
		var n yaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			return objs
		}
		if err != nil {
			t.Fatalf("%s does not parse: %v", file, err)
		}
		var o k8sObject
		if err := n.Decode(&o); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if o.Kind == "" {
			continue // an empty document
		}
		if o.APIVersion == "" || o.Metadata.Name == "" {
			t.Errorf("%s: a %s without apiVersion or name", file, o.Kind)
		}
		o.node, o.file = &n, file
		objs = append(objs, o)
	}
}

// as decodes o into v.
func (o k8sObject) as(t *testing.T, v any) {
	t.Helper()
	if err := o.node.Decode(v); err != nil {
		t.Fatalf("%s: %s %s: %v", o.file, o.Kind, o.Metadata.Name, err)
	}
}

// find is the one object of kind and name in objs (nil when none).
func findK8s(objs []k8sObject, kind, name string) *k8sObject {
	for i := range objs {
		if objs[i].Kind == kind && objs[i].Metadata.Name == name {
			return &objs[i]
		}
	}
	return nil
}

// subset reports whether every label of sel is in labels (and sel is
// not empty).
func subset(sel, labels map[string]string) bool {
	if len(sel) == 0 {
		return false
	}
	for k, v := range sel {
		if labels[k] != v {
			return false
		}
	}
	return true
}

// TestK8sManifests checks deploy/k8s as Kubernetes would take it
// (kubeconform and kube-score cannot be installed here; see
// deploy/k8s/README.md): every file parses and the kustomization lists
// them all; every container of every workload runs non-root with a
// read-only root, no privilege escalation, all capabilities dropped,
// seccomp RuntimeDefault, requests and limits set, and an image pinned to
// a tag other than latest; no Secret reaches a container as an
// environment variable (the Discord token is a file of the Secret's
// volume, named by DISCORD_TOKEN_FILE); the bot's arguments and its
// ConfigMap pass the binary's own flag parsing, in HTTP mode on an etcd
// store whose hosts are the etcd StatefulSet's members; the probes ask
// /healthz (startup, liveness) and /readyz (readiness) on the port -http
// listens on; terminationGracePeriodSeconds covers the preStop sleep and
// the bot's drain; the PodDisruptionBudgets and the Service select the
// pods of their workload; the NetworkPolicies let the interactions in
// and the bot reach etcd. With kubectl in PATH, `kubectl kustomize`
// renders the directory and the same checks hold on its output.
func TestK8sManifests(t *testing.T) {
	kb, err := os.ReadFile(filepath.Join(k8sDir, "kustomization.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var k k8sKustomization
	if err := yaml.Unmarshal(kb, &k); err != nil {
		t.Fatalf("kustomization.yaml: %v", err)
	}
	files, err := filepath.Glob(filepath.Join(k8sDir, "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, f := range files {
		if b := filepath.Base(f); b != "kustomization.yaml" {
			listed = append(listed, b)
		}
	}
	if !slices.Equal(slices.Sorted(slices.Values(k.Resources)), listed) {
		t.Errorf("kustomization.yaml lists %v, the directory holds %v", k.Resources, listed)
	}
	var objs []k8sObject
	for _, f := range k.Resources {
		b, err := os.ReadFile(filepath.Join(k8sDir, f))
		if err != nil {
			t.Fatal(err)
		}
		objs = append(objs, decodeK8s(t, f, bytes.NewReader(b))...)
	}
	// The images: pinned in the manifests and in the kustomization.
	for _, im := range k.Images {
		if im.Digest == "" && (im.NewTag == "" || im.NewTag == "latest") {
			t.Errorf("kustomization.yaml: image %s is not pinned (newTag %q)", im.Name, im.NewTag)
		}
	}
	if len(k.SecretGenerator) != 1 {
		t.Fatalf("kustomization.yaml: want the one Secret of the Discord credentials, generated: %+v", k.SecretGenerator)
	}
	secret := k.SecretGenerator[0]
	keys := map[string]bool{}
	for _, f := range secret.Files {
		key, path, ok := strings.Cut(f, "=")
		if !ok || !strings.HasPrefix(path, "secrets/") {
			t.Errorf("secretGenerator file %q: want KEY=secrets/FILE (secrets/ is ignored by git)", f)
		}
		keys[key] = true
	}
	if !keys["discord_token"] || !keys["discord_client_secret"] || !keys["web_key"] {
		t.Errorf("the Secret lacks discord_token, discord_client_secret or web_key: %v", secret.Files)
	}
	gi, err := os.ReadFile(filepath.Join(k8sDir, "secrets", ".gitignore"))
	if err != nil || !slices.Contains(strings.Split(string(gi), "\n"), "*") {
		t.Errorf("deploy/k8s/secrets/.gitignore must ignore every file there: %q %v", gi, err)
	}
	checkK8s(t, objs, secret.Name, keys)

	kubectl, err := exec.LookPath("kubectl")
	if err != nil {
		t.Log("kubectl is not in PATH: the rendering by kustomize is not checked")
		return
	}
	// kubectl kustomize, on a copy with stand-ins for the secrets' files.
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(k8sDir)); err != nil {
		t.Fatal(err)
	}
	for _, f := range secret.Files {
		_, path, _ := strings.Cut(f, "=")
		if err := os.WriteFile(filepath.Join(dir, path), []byte("stand-in\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var out, stderr bytes.Buffer
	cmd := exec.Command(kubectl, "kustomize", dir)
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("kubectl kustomize: %v\n%s", err, stderr.String())
	}
	rendered := decodeK8s(t, "kubectl kustomize", &out)
	var secretName string
	for _, o := range rendered {
		if o.Kind != "Namespace" && o.Metadata.Namespace != k.Namespace {
			t.Errorf("rendered %s %s is in namespace %q, not %q", o.Kind, o.Metadata.Name, o.Metadata.Namespace, k.Namespace)
		}
		if o.Kind == "Secret" && strings.HasPrefix(o.Metadata.Name, secret.Name+"-") {
			secretName = o.Metadata.Name // with the hash of its contents
		}
	}
	if secretName == "" {
		t.Fatalf("kubectl kustomize made no Secret %s-HASH", secret.Name)
	}
	checkK8s(t, rendered, secretName, keys)
	var d k8sWorkload
	findK8s(rendered, "Deployment", "veletasbot").as(t, &d)
	im := k.Images[0]
	if got, want := d.Spec.Template.Spec.Containers[0].Image, im.NewName+":"+im.NewTag; got != want {
		t.Errorf("rendered image %s, want %s", got, want)
	}
}

// checkK8s checks the objects of deploy/k8s (as written or rendered);
// secretName is the Secret of the Discord credentials, keys its keys.
func checkK8s(t *testing.T, objs []k8sObject, secretName string, keys map[string]bool) {
	t.Helper()
	workloads := map[string]k8sWorkload{}
	for _, o := range objs {
		if o.Kind == "Secret" && !strings.HasPrefix(o.Metadata.Name, "veletasbot-discord") {
			t.Errorf("%s: Secret %s written in the manifests: secrets come from files that git ignores", o.file, o.Metadata.Name)
		}
		if o.Kind != "Deployment" && o.Kind != "StatefulSet" {
			continue
		}
		var w k8sWorkload
		o.as(t, &w)
		workloads[o.Kind+"/"+o.Metadata.Name] = w
		checkPod(t, o.Kind+" "+o.Metadata.Name, w)
	}
	dep, ok := workloads["Deployment/veletasbot"]
	if !ok {
		t.Fatal("no Deployment veletasbot")
	}
	etcd, ok := workloads["StatefulSet/etcd"]
	if !ok {
		t.Fatal("no StatefulSet etcd")
	}
	if dep.Spec.Replicas == nil || *dep.Spec.Replicas != 3 {
		t.Errorf("the bot's replicas: %v, want 3", dep.Spec.Replicas)
	}
	pod := dep.Spec.Template.Spec
	if len(pod.Containers) != 1 {
		t.Fatalf("the bot's pod has %d containers", len(pod.Containers))
	}
	c := pod.Containers[0]

	// The environment: the Dockerfile's, the ConfigMap's, the container's.
	env := dockerfileEnv(t)
	for _, ef := range c.EnvFrom {
		if ef.ConfigMapRef == nil {
			continue
		}
		cm := findK8s(objs, "ConfigMap", ef.ConfigMapRef.Name)
		if cm == nil {
			t.Fatalf("the bot's ConfigMap %s is not in the manifests", ef.ConfigMapRef.Name)
		}
		maps.Copy(env, cm.Data)
	}
	for _, e := range c.Env {
		if e.ValueFrom == nil {
			env[e.Name] = e.Value
		}
	}
	known := binaryEnv(t)
	for k, v := range env {
		if !known[k] {
			t.Errorf("the bot's environment sets %s, which veletasbot does not read", k)
		}
		if k == "DISCORD_TOKEN" || strings.Contains(k, "SECRET") && !strings.HasSuffix(k, "_FILE") {
			t.Errorf("the bot's environment holds %s: a secret must be a file", k)
		}
		if strings.Contains(v, "discord.com/api/") || len(v) > 50 && !strings.Contains(v, "://") {
			t.Errorf("the bot's environment %s=%q looks like a credential", k, v)
		}
	}
	// The token: a file of the Secret's volume, mounted read-only.
	tokenFile := env["DISCORD_TOKEN_FILE"]
	secretMount := ""
	for _, v := range pod.Volumes {
		if v.Secret == nil {
			continue
		}
		if v.Secret.SecretName != secretName {
			t.Errorf("the bot mounts Secret %s, not %s", v.Secret.SecretName, secretName)
		}
		if v.Secret.DefaultMode == nil || (*v.Secret.DefaultMode != 0o440 && *v.Secret.DefaultMode != 0o400) {
			t.Errorf("Secret volume %s: defaultMode %v lets others read it", v.Name, v.Secret.DefaultMode)
		}
		for _, vm := range c.VolumeMounts {
			if vm.Name == v.Name {
				if !vm.ReadOnly {
					t.Errorf("the Secret's volume %s is mounted writable", v.Name)
				}
				secretMount = vm.MountPath
			}
		}
	}
	dir, key := filepath.Split(tokenFile)
	if secretMount == "" || filepath.Clean(dir) != filepath.Clean(secretMount) || !keys[key] {
		t.Errorf("DISCORD_TOKEN_FILE %q is not a key (%v) of the Secret's volume mounted at %q", tokenFile, keys, secretMount)
	}

	// The arguments, through the binary's own flag parsing.
	pk := env["DISCORD_PUBLIC_KEY"]
	if pk != "REPLACE_WITH_THE_APPLICATIONS_PUBLIC_KEY" {
		t.Errorf("DISCORD_PUBLIC_KEY %q: the ConfigMap holds the placeholder the README names", pk)
	}
	env["DISCORD_PUBLIC_KEY"] = strings.Repeat("ab", 32) // as an operator fills it
	if id := env["DISCORD_CLIENT_ID"]; id != "REPLACE_WITH_THE_APPLICATIONS_CLIENT_ID" {
		t.Errorf("DISCORD_CLIENT_ID %q: the ConfigMap holds the placeholder the README names", id)
	}
	env["DISCORD_CLIENT_ID"] = "123456789012345678"
	// The other files of the Secret's volume, as the token is one.
	for _, name := range []string{"DISCORD_CLIENT_SECRET_FILE", "VELETAS_WEB_KEY_FILE"} {
		if dir, key := filepath.Split(env[name]); secretMount == "" || filepath.Clean(dir) != filepath.Clean(secretMount) || !keys[key] {
			t.Errorf("%s %q is not a key (%v) of the Secret's volume mounted at %q", name, env[name], keys, secretMount)
		}
	}
	args := slices.Clone(c.Args)
	flagValue := func(name string) string {
		for _, a := range c.Args {
			if v, ok := strings.CutPrefix(a, "-"+name+"="); ok {
				return v
			}
		}
		return ""
	}
	m, _, errs := newMain(env)
	err := m.ParseFlags(context.Background(), args)
	if err != nil {
		t.Fatalf("veletasbot refuses the Deployment's arguments %q: %v\n%s", c.Args, err, errs.String())
	}
	if m.MetricsAddr == "" {
		t.Errorf("the parsed configuration has no -metrics admin listener")
	}
	if m.HTTPAddr == "" || m.Store.Kind != "etcd" {
		t.Fatalf("the bot is not in HTTP mode on etcd: -http %q, store %v", m.HTTPAddr, m.Store)
	}
	ports := map[string]int{}
	for _, p := range c.Ports {
		ports[p.Name] = p.ContainerPort
	}
	_, httpPort, err := net.SplitHostPort(m.HTTPAddr)
	if err != nil || httpPort != strconv.Itoa(ports["http"]) {
		t.Errorf("-http %s, but the container port http is %d", m.HTTPAddr, ports["http"])
	}
	if ma := flagValue("metrics"); ma == "" {
		t.Error("the bot has no -metrics listener")
	} else if _, p, err := net.SplitHostPort(ma); err != nil || p != strconv.Itoa(ports["metrics"]) {
		t.Errorf("-metrics %s, but the container port metrics is %d", ma, ports["metrics"])
	}
	// The store: the etcd StatefulSet's members, on its client port.
	loc, err := store.ParseURL(m.StoreURL)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for i := range *etcd.Spec.Replicas {
		want = append(want, net.JoinHostPort("etcd-"+strconv.Itoa(i)+"."+etcd.Spec.ServiceName, "2379"))
	}
	if !slices.Equal(loc.Endpoints, want) {
		t.Errorf("the bot's store %v, the etcd members are %v", loc.Endpoints, want)
	}

	// The probes, on the -http listener.
	onHTTP := func(name string, p *k8sProbe, path string) {
		if p == nil || p.HTTPGet == nil {
			t.Errorf("the bot has no %s probe by HTTP", name)
			return
		}
		if p.HTTPGet.Path != path {
			t.Errorf("the %s probe asks %s, want %s", name, p.HTTPGet.Path, path)
		}
		if port := string(p.HTTPGet.Port); port != "http" && port != httpPort {
			t.Errorf("the %s probe asks port %s, -http listens on %s", name, port, httpPort)
		}
	}
	onHTTP("startup", c.StartupProbe, "/healthz")
	onHTTP("liveness", c.LivenessProbe, "/healthz")
	onHTTP("readiness", c.ReadinessProbe, "/readyz")
	if c.ReadinessProbe != nil && c.ReadinessProbe.TimeoutSeconds*1000 <= int(ReadyStoreTimeout.Milliseconds()) {
		t.Errorf("the readiness probe's timeout %d s is not over the store's bound %v", c.ReadinessProbe.TimeoutSeconds, ReadyStoreTimeout)
	}
	// The grace: preStop's sleep, then the drain (the listener, then the
	// follow-ups, DefaultShutdownGrace each), then resigning the lead.
	sleep := 0
	if c.Lifecycle.PreStop == nil || c.Lifecycle.PreStop.Sleep == nil {
		t.Error("the bot has no preStop sleep: the listener would close while the endpoints still send to it")
	} else {
		sleep = c.Lifecycle.PreStop.Sleep.Seconds
	}
	need := sleep + 2*int(DefaultShutdownGrace.Seconds()) + 2
	if g := pod.TerminationGracePeriodSeconds; g == nil || *g < need || *g > need+30 {
		got := "unset (30)"
		if g != nil {
			got = strconv.Itoa(*g)
		}
		t.Errorf("terminationGracePeriodSeconds %s: want %d to %d s (preStop %d s, drain 2×%v, resign 2 s)", got, need, need+30, sleep, DefaultShutdownGrace)
	}

	// The PodDisruptionBudgets and the Service select their pods.
	for _, pdb := range []struct{ name, workload string }{{"veletasbot", "Deployment/veletasbot"}, {"etcd", "StatefulSet/etcd"}} {
		o := findK8s(objs, "PodDisruptionBudget", pdb.name)
		if o == nil {
			t.Errorf("no PodDisruptionBudget %s", pdb.name)
			continue
		}
		var p k8sPDB
		o.as(t, &p)
		w := workloads[pdb.workload]
		if !maps.Equal(p.Spec.Selector.MatchLabels, w.Spec.Selector.MatchLabels) || !subset(p.Spec.Selector.MatchLabels, w.Spec.Template.Metadata.Labels) {
			t.Errorf("PodDisruptionBudget %s selects %v, %s's pods are %v", pdb.name, p.Spec.Selector.MatchLabels, pdb.workload, w.Spec.Template.Metadata.Labels)
		}
		if p.Spec.MinAvailable == nil || *p.Spec.MinAvailable < 1 || *p.Spec.MinAvailable >= *w.Spec.Replicas {
			t.Errorf("PodDisruptionBudget %s: minAvailable %v of %d replicas blocks drains or protects nothing", pdb.name, p.Spec.MinAvailable, *w.Spec.Replicas)
		}
	}
	if !subset(dep.Spec.Selector.MatchLabels, dep.Spec.Template.Metadata.Labels) {
		t.Errorf("the Deployment's selector %v does not select its pods %v", dep.Spec.Selector.MatchLabels, dep.Spec.Template.Metadata.Labels)
	}
	if o := findK8s(objs, "Service", "veletasbot"); o == nil {
		t.Error("no Service veletasbot")
	} else {
		var s k8sService
		o.as(t, &s)
		if !subset(s.Spec.Selector, dep.Spec.Template.Metadata.Labels) || len(s.Spec.Ports) != 1 {
			t.Errorf("Service veletasbot: selector %v, ports %+v", s.Spec.Selector, s.Spec.Ports)
		} else if tp := string(s.Spec.Ports[0].TargetPort); tp != "http" && tp != httpPort {
			t.Errorf("Service veletasbot sends to %s, -http listens on %s", tp, httpPort)
		}
	}

	// The NetworkPolicies: deny by default; the interactions in, etcd out.
	var denyAll, botIn, botToEtcd, etcdFromBot bool
	for _, o := range objs {
		if o.Kind != "NetworkPolicy" {
			continue
		}
		var np k8sNetPol
		o.as(t, &np)
		sel := np.Spec.PodSelector.MatchLabels
		switch {
		case len(sel) == 0 && len(np.Spec.Ingress) == 0 && len(np.Spec.Egress) == 0 && len(np.Spec.PolicyTypes) == 2:
			denyAll = true
		case subset(sel, dep.Spec.Template.Metadata.Labels):
			for _, r := range np.Spec.Ingress {
				for _, p := range r.Ports {
					botIn = botIn || string(p.Port) == "http" || string(p.Port) == httpPort
				}
			}
			for _, r := range np.Spec.Egress {
				for _, peer := range r.Peers {
					if peer.PodSelector != nil && subset(peer.PodSelector.MatchLabels, etcd.Spec.Template.Metadata.Labels) {
						botToEtcd = true
					}
				}
			}
		case subset(sel, etcd.Spec.Template.Metadata.Labels):
			for _, r := range np.Spec.Ingress {
				for _, f := range r.From {
					if f.PodSelector != nil && subset(f.PodSelector.MatchLabels, dep.Spec.Template.Metadata.Labels) {
						etcdFromBot = true
					}
				}
			}
		}
	}
	if !denyAll || !botIn || !botToEtcd || !etcdFromBot {
		t.Errorf("NetworkPolicies: deny all %v, interactions in %v, bot to etcd %v, etcd from the bot %v", denyAll, botIn, botToEtcd, etcdFromBot)
	}
}

// checkPod checks the pod of workload w: security, resources, images,
// no Secret in the environment.
func checkPod(t *testing.T, name string, w k8sWorkload) {
	t.Helper()
	pod := w.Spec.Template.Spec
	psc := pod.SecurityContext
	if pod.AutomountServiceAccountToken == nil || *pod.AutomountServiceAccountToken {
		t.Errorf("%s: the service account's token is mounted", name)
	}
	for _, c := range append(slices.Clone(pod.InitContainers), pod.Containers...) {
		where := name + " container " + c.Name
		sc := c.SecurityContext
		if sc == nil {
			t.Errorf("%s: no securityContext", where)
			continue
		}
		isTrue := func(b *bool) bool { return b != nil && *b }
		if !isTrue(sc.RunAsNonRoot) && !isTrue(psc.RunAsNonRoot) {
			t.Errorf("%s: runAsNonRoot is not set", where)
		}
		if (sc.RunAsUser != nil && *sc.RunAsUser == 0) || (psc.RunAsUser != nil && *psc.RunAsUser == 0) {
			t.Errorf("%s: runs as root", where)
		}
		if !isTrue(sc.ReadOnlyRootFilesystem) {
			t.Errorf("%s: the root filesystem is writable", where)
		}
		if sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation || isTrue(sc.Privileged) {
			t.Errorf("%s: privilege escalation is allowed or the container is privileged", where)
		}
		if !slices.Contains(sc.Capabilities.Drop, "ALL") || len(sc.Capabilities.Add) > 0 {
			t.Errorf("%s: capabilities drop %v, add %v; want drop ALL", where, sc.Capabilities.Drop, sc.Capabilities.Add)
		}
		if sc.SeccompProfile.Type != "RuntimeDefault" && !(sc.SeccompProfile.Type == "" && psc.SeccompProfile.Type == "RuntimeDefault") {
			t.Errorf("%s: seccomp profile %q, want RuntimeDefault", where, sc.SeccompProfile.Type)
		}
		for _, r := range []string{"cpu", "memory"} {
			if c.Resources.Requests[r] == "" || c.Resources.Limits[r] == "" {
				t.Errorf("%s: no %s request or limit: %v %v", where, r, c.Resources.Requests, c.Resources.Limits)
			}
		}
		if !pinned(c.Image) {
			t.Errorf("%s: image %q is not pinned to a tag (other than latest) or digest", where, c.Image)
		}
		for _, e := range c.Env {
			if e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil {
				t.Errorf("%s: %s comes from a Secret as an environment variable (it would show in the process's environment): mount it as a file", where, e.Name)
			}
		}
		for _, ef := range c.EnvFrom {
			if ef.SecretRef != nil {
				t.Errorf("%s: a Secret as environment variables: mount it as files", where)
			}
		}
		if c.LivenessProbe == nil || c.ReadinessProbe == nil || c.StartupProbe == nil {
			t.Errorf("%s: probes startup %v, liveness %v, readiness %v", where, c.StartupProbe != nil, c.LivenessProbe != nil, c.ReadinessProbe != nil)
		}
	}
}

// pinned reports whether image names a tag other than latest, or a
// digest.
func pinned(image string) bool {
	if strings.Contains(image, "@sha256:") {
		return true
	}
	i := strings.LastIndex(image, ":")
	if i < 0 || strings.Contains(image[i:], "/") {
		return false // no tag: latest
	}
	tag := image[i+1:]
	return tag != "" && tag != "latest"
}

// dockerfileEnv is deploy/Dockerfile's ENV lines.
func dockerfileEnv(t *testing.T) map[string]string {
	t.Helper()
	df, err := os.ReadFile("../../deploy/Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{}
	for _, line := range strings.Split(string(df), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "ENV "); ok {
			k, v, _ := strings.Cut(rest, "=")
			env[k] = v
		}
	}
	return env
}

// binaryEnv is the names of the variables the binary reads (its
// Getenv calls).
func binaryEnv(t *testing.T) map[string]bool {
	t.Helper()
	known := map[string]bool{}
	srcs, _ := filepath.Glob("*.go")
	re := regexp.MustCompile(`Getenv\("([A-Z_]+)"\)`)
	for _, f := range srcs {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllSubmatch(src, -1) {
			known[string(m[1])] = true
		}
	}
	if !known["VELETAS_STORE"] || !known["DISCORD_TOKEN_FILE"] {
		t.Fatalf("the variables read by the binary were not found: %v", known)
	}
	return known
}
