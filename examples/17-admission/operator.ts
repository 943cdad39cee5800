// Admission: validating and mutating webhooks for KopfExamples. Run against the embedded API server
// (op run --embedded, op dev, @opkit/testing) they need no configuration: the operator serves them over
// HTTPS on a free loopback port with a generated CA and keeps the configurations `auto.opkit.dev` up to
// date, removing the non-persistent webhooks on exit. On a cluster, say where the server is:
// `op run --webhook-server k3d` (or minikube, docker-desktop, kind), an https:// tunnel URL, or
// `service:NAMESPACE/NAME` in the cluster — see docs/admission.md.
import { AdmissionError, on } from '@opkit/core';

/** A value as Kopf's example prints it (Python's repr): 'text', None. */
function repr(value: unknown): string {
  if (value === undefined || value === null) return 'None';
  return typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
}

/**
 * Who calls: the caller's user agent, and whether the API server presented a client certificate — and with which
 * common name. `sslPeer` holds the certificate's subject fields (`{ CN, O, … }`), or nothing without a certificate.
 */
on.validate('kopfexamples', function authhook({ headers, sslPeer, warnings }) {
  warnings.push(`Accessing as user-agent: ${headers['user-agent'] ?? '(unidentified)'}`);
  const commonName = Array.isArray(sslPeer.CN) ? (sslPeer.CN as unknown[])[0] : sslPeer.CN;
  if (Object.keys(sslPeer).length === 0) warnings.push('SSL peer is not identified.');
  else if (typeof commonName === 'string' && commonName) warnings.push(`SSL peer is ${commonName}.`);
  else warnings.push("SSL peer's common name is absent.");
});

/** Rejects `spec.field: wrong` (dry runs pass, as they change nothing). */
on.validate('kopfexamples', function validate1({ spec, dryRun }) {
  if (!dryRun && spec.field === 'wrong') throw new AdmissionError("Meh! I don't like it. Change the field.", { code: 500 });
});

/** Only for `spec.field: not-allowed` (a field filter): always rejects, with a code of its own. Its id is Kopf's, `validate2/spec.field` (the field suffixes it). */
on.validate('kopfexamples', function validate2() {
  throw new AdmissionError("I'm too lazy anyway. Go away!", { code: 555 });
}, { field: 'spec.field', value: 'not-allowed' });

/** On the body and every sub-resource: a status write must keep status.field equal to spec.field; a body write only warns. */
on.validate('kopfexamples', function validate_subresources({ body, subresource, warnings }) {
  const spec = (body.spec ?? {}) as Record<string, unknown>;
  const status = (body.status ?? {}) as Record<string, unknown>;
  if (status.field === spec.field) return;
  if (subresource === 'status') throw new AdmissionError('status.field MUST be equal to spec.field!');
  if (subresource === null) warnings.push(`Also update status.field to match spec.field: ${repr(spec.field)} != ${repr(status.field)}`);
}, { subresource: '*' });

/** Injects `spec.injected: 123` into objects labelled somelabel=somevalue (the selector becomes the webhook's objectSelector). */
on.mutate('kopfexamples', function mutate1({ patch }) {
  patch.spec.injected = 123;
}, { labels: { somelabel: 'somevalue' } });
