import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_FORMAT } from '@proxai/contract';
import { evidenceFile, keyIdOf, signEvidence, verifyEvidenceFile, type EvidenceBody } from './evidence-signing';

const body: EvidenceBody = {
  format: EVIDENCE_FORMAT,
  restore_test_id: '6f1c3a56-8a55-4c2e-9d0b-1f3c1f0a9b11',
  organisation_id: '0b7d2c0e-5d0a-4a3e-8f8e-3f1e5b9a2c44',
  guest: { id: null, name: 'web', type: 'qemu', vmid: 100, host_id: null, host_name: 'pve1', node: 'pve1' },
  backup: { volid: 'local:backup/vzdump-qemu-100-2024_06_30-23_00_02.vma.zst', time: '2024-06-30T23:00:02.000Z' },
  target: { node: 'pve1', storage: null, restored_vmid: 105 },
  preflight: { config_from: 'backup', node_free_memory_bytes: 8 * 1024 ** 3 },
  timings: { restore_s: 12.5, boot_s: 20.1, healthy_s: 3, cleanup_s: 4.2 },
  rto_seconds: 35.6,
  probes: [{ probe: { type: 'agent_ping' }, ok: true, output: 'The QEMU guest agent answered', duration_ms: 12 }],
  isolation: { checked: true, all_links_down: true, nics: { net0: 'virtio=BC:24:11:00:00:01,bridge=vmbr0,link_down=1' } },
  cleanup: { attempted: true, vmid_gone: true, leftover_volumes: [], detail: 'VMID 105 gone' },
  result: { status: 'passed', reason: null },
  started_at: '2024-07-01T02:00:00.000Z',
  ended_at: '2024-07-01T02:01:00.000Z',
  signed_at: '2024-07-01T02:01:00.100Z',
};

describe('restore-test evidence signatures', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const file = evidenceFile(signEvidence(body, privateKey, publicKey));

  it('verifies the file the portal wrote, naming the key that signed it', () => {
    const check = verifyEvidenceFile(file, publicKey);
    expect(check).toMatchObject({ ok: true, evidence: { key_id: keyIdOf(publicKey), algorithm: 'Ed25519', rto_seconds: 35.6 } });
  });

  it('refuses an edited value, a reformatted or extended file, and another key', () => {
    const changed = file.replace('"rto_seconds":35.6', '"rto_seconds":3.6');
    expect(verifyEvidenceFile(changed, publicKey)).toMatchObject({ ok: false, reason: 'bad_signature' });
    const pretty = `${JSON.stringify(JSON.parse(file), null, 2)}\n`;
    expect(verifyEvidenceFile(pretty, publicKey)).toMatchObject({ ok: false, reason: 'not_canonical' });
    // Still canonical (keys in order), but a field the signature did not cover.
    const extended = file.replace('{"algorithm"', '{"a_note":"fine","algorithm"');
    expect(verifyEvidenceFile(extended, publicKey)).toMatchObject({ ok: false, reason: 'bad_signature' });
    const other = generateKeyPairSync('ed25519').publicKey;
    expect(verifyEvidenceFile(file, other)).toMatchObject({ ok: false, reason: 'other_key' });
    expect(verifyEvidenceFile('{"format":', publicKey)).toMatchObject({ ok: false, reason: 'unreadable' });
    expect(verifyEvidenceFile('{"format":"x"}\n', publicKey)).toMatchObject({ ok: false, reason: 'unreadable' });
  });
});
