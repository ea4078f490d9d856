import { z } from 'zod';
import type { ProbeResult } from '@proxai/contract';
import { ProbeSchema } from '@proxai/contract';
import { isTaskOk } from '@proxai/pve-client';
import { AppError } from '../../errors';
import { SENDING, startPveTask, taskEnding, type JobDeps, type TaskTarget } from '../../jobs/pve-task';
import { appendTaskLog, setTaskProgress, stopRequestOf, type TaskRow } from '../tasks/tasks.repository';
import { destroyCopy, isLeftover, storagesOf } from './cleanup';
import { NO_CLEANUP, NOT_ISOLATED, type RunRecord } from './evidence';
import { isLinkDown, type ConfigValues } from './guest-config';
import { containerChecks, guestOsOf, runVmProbes, waitForAgent } from './probes';
import { checkIsolation, errorText, isVmidTaken, preflight, restoreParams, runPveTask, type StepTarget } from './restore-steps';
import { saveOutcome, type RunEnd } from './restore-test-outcome';
import { claimNode, updateRestoreTest, type RestoreTestRow } from './restore-tests.repository';

/**
 * One restore test's run (see restore-test.job.ts for the job): preflight → restore isolated to a free VMID →
 * config read back, boot refused unless every NIC is down → start → agent (VMs) or init (containers) → probes
 * inside the copy, retried until healthy or the healthy timeout → stop, destroy, proven gone → signed evidence.
 * Whatever fails after the restore, the copy is cleaned up. A run interrupted by a restart is not continued:
 * resume() ends it failed (interrupted) and still cleans up the copy it had made.
 */

/** What a run's task holds besides the test's id (its row holds the rest). */
export const RunParamsSchema = z.object({
  restore_test_id: z.uuid(),
  boot_timeout_seconds: z.number().int().min(1).default(600),
  healthy_timeout_seconds: z.number().int().min(0).default(300),
});

/** Longest a restore (the qmrestore / vzrestore task) may take. */
const RESTORE_TIMEOUT_MS = 6 * 3600_000;
/** Longest a start may take (the PVE task, not the boot). */
const START_TIMEOUT_MS = 5 * 60_000;
/** How often the run looks again at something it waits for. */
const POLL_MS = 500;
/** Tries at a free VMID: another client may take the one /cluster/nextid answered before the restore does. */
const VMID_TRIES = 3;

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Thrown inside a run to end it failed after cleaning up (a step's refusal, a cancel). */
class RunFailure extends Error {}

export class RestoreTestRun {
  private readonly record: RunRecord;
  /** The copy this run made, once its restore was sent and not refused (only then is it destroyed). */
  private owned = false;
  private restoreUpid: string | undefined;
  private backupConfig: ConfigValues | undefined;
  private copyConfig: ConfigValues | undefined;

  constructor(
    private readonly deps: JobDeps,
    private readonly task: TaskRow,
    private row: RestoreTestRow,
    private readonly target: TaskTarget | undefined,
    private readonly params: z.infer<typeof RunParamsSchema>,
  ) {
    this.record = {
      hostName: target?.host.name ?? 'a removed host',
      node: target?.guest.node ?? row.targetNode,
      preflight: {},
      timings: { ...row.timings },
      results: [],
      isolation: NOT_ISOLATED,
      cleanup: NO_CLEANUP,
    };
  }

  private get step(): StepTarget {
    const t = this.target!;
    return {
      client: t.client,
      node: this.row.targetNode,
      type: this.row.guestType,
      vmid: this.row.vmid,
      guestNode: t.guest.node,
      pollMs: POLL_MS,
      log: (line) => appendTaskLog(this.deps.db, this.task.id, line),
    };
  }

  private log(line: string) {
    return appendTaskLog(this.deps.db, this.task.id, line);
  }

  private progress(p: number) {
    return setTaskProgress(this.deps.db, this.task.id, p);
  }

  private readonly recordUpid = (send: () => Promise<string>) =>
    startPveTask(this.deps.db, this.task.id, this.row.targetNode, send);

  private async save(values: Partial<RestoreTestRow>): Promise<void> {
    this.row = { ...this.row, ...values };
    await updateRestoreTest(this.deps.db, this.row.id, { ...values, timings: this.record.timings, results: this.record.results });
  }

  private async cancelled(): Promise<void> {
    const request = await stopRequestOf(this.deps.db, this.task.id);
    if (request) throw new RunFailure(`Cancelled by ${request.by}`);
  }

  /** A new run, from its preflight. */
  async fresh(): Promise<void> {
    const { client } = this.target!;
    const node = this.row.targetNode;
    try {
      const nodes = await client.nodes();
      if (!nodes.some((n) => n.node === node)) {
        await this.finish('skipped', `Node ${node} is not a node of host ${this.record.hostName}`);
        return;
      }
      if (!(await claimNode(this.deps.db, this.row.id, node, new Date()))) {
        await this.finish('skipped', `Another restore test is running on node ${node}`);
        return;
      }
      this.row = { ...this.row, status: 'running', startedAt: new Date() };
      await this.log(`Preflight on node ${node}`);
      const pre = await preflight(this.step, { backup: this.row.backupVolid, targetStorage: this.row.targetStorage });
      this.record.preflight = pre.facts;
      if (!pre.ok) {
        await this.finish('skipped', pre.reason);
        return;
      }
      this.backupConfig = pre.config;
      await this.save({ backupVolid: pre.backup.volid, backupTime: pre.backup.time });
      await this.progress(15);
      await this.restore(pre.backup.volid, pre.config);
      await this.isolate();
      await this.cancelled();
      await this.boot();
      await this.probe();
      await this.cleanup();
      if (isLeftover(this.record.cleanup)) {
        await this.finish('failed', `The copy was not cleaned up: ${this.record.cleanup.detail}`);
        return;
      }
      const { restore_s = 0, boot_s = 0, healthy_s = 0 } = this.record.timings;
      await this.finish('passed', null, Math.round((restore_s + boot_s + healthy_s) * 10) / 10);
    } catch (err) {
      if (!(err instanceof RunFailure)) this.deps.log.warn({ err, restoreTestId: this.row.id }, 'restore test failed');
      const reason =
        err instanceof RunFailure ? err.message : err instanceof AppError ? err.detail : this.target!.hostError(err).detail;
      if (this.owned && this.record.cleanup === NO_CLEANUP) await this.cleanup().catch((e: unknown) => this.cleanupFailed(e));
      const left = isLeftover(this.record.cleanup) ? `; the copy was not cleaned up: ${this.record.cleanup.detail}` : '';
      await this.finish('failed', `${reason}${left}`);
    }
  }

  /** Restores the backup to a free VMID, every NIC unplugged; the VMID is recorded before the restore is sent. */
  private async restore(volid: string, config: ConfigValues): Promise<void> {
    const { client } = this.target!;
    const node = this.row.targetNode;
    for (let attempt = 1; ; attempt++) {
      const vmid = await client.nextId();
      await this.save({ restoredVmid: vmid });
      await this.progress(SENDING);
      const started = Date.now();
      try {
        const upid = await this.recordUpid(() =>
          client.restoreGuest(
            node,
            this.row.guestType,
            restoreParams(this.row.guestType, volid, vmid, this.row.targetStorage, config),
          ),
        );
        this.restoreUpid = upid;
        this.owned = true;
        await this.log(`Restoring ${volid} to ${vmid} on ${node} (unique=1, every NIC link_down=1)`);
        const status = await client.waitForTask(node, upid, { pollMs: 250, timeoutMs: RESTORE_TIMEOUT_MS });
        this.record.timings.restore_s = seconds(Date.now() - started);
        if (status.exitstatus && isVmidTaken(status.exitstatus)) this.owned = false;
        if (!isTaskOk(status)) throw new RunFailure(`The restore failed: ${status.exitstatus ?? 'unknown'}`);
        await this.save({});
        await this.log(`Restored in ${this.record.timings.restore_s} s`);
        await this.progress(45);
        return;
      } catch (err) {
        if (err instanceof RunFailure || this.owned) throw err;
        const text = errorText(err);
        if (!isVmidTaken(text) || attempt >= VMID_TRIES) throw new RunFailure(`The restore was refused: ${text}`);
        await this.log(`VMID ${vmid} was taken meanwhile (${text}); asking for another`);
      }
    }
  }

  /** Fail closed: the copy boots only when its config, read back, has every NIC at link_down=1. */
  private async isolate(): Promise<void> {
    const vmid = this.row.restoredVmid!;
    const iso = await checkIsolation(this.step, vmid);
    this.copyConfig = iso.config;
    this.record.isolation = { checked: true, all_links_down: iso.allDown, nics: iso.nics };
    const listed = Object.entries(iso.nics).map(([k, v]) => `${k}: ${v}`);
    await this.log(`Config of ${vmid} read back: ${listed.join('; ') || 'no NIC'}`);
    if (!iso.allDown) {
      const up = Object.keys(iso.nics).filter((k) => !isLinkDown(iso.nics[k]));
      throw new RunFailure(
        `Refused to start the copy: ${up.join(', ')} not link_down=1 after the restore (fail closed, never booted)`,
      );
    }
    await this.progress(55);
  }

  /** Starts the copy and waits for its agent (VMs) or its init (containers). */
  private async boot(): Promise<void> {
    const { client } = this.target!;
    const vmid = this.row.restoredVmid!;
    const started = Date.now();
    const start = await runPveTask(
      this.step,
      this.recordUpid,
      () => client.guestAction(this.row.targetNode, this.row.guestType, vmid, 'start'),
      START_TIMEOUT_MS,
    );
    if (start.error) throw new RunFailure(`The copy did not start: ${start.error}`);
    await this.progress(65);
    const timeoutMs = this.params.boot_timeout_seconds * 1000;
    if (this.row.guestType === 'qemu') {
      const agent = await waitForAgent(client, this.row.targetNode, vmid, timeoutMs, POLL_MS);
      if (agent.ms === undefined)
        throw new RunFailure(
          `The copy's QEMU guest agent did not answer within ${this.params.boot_timeout_seconds} s (${agent.last})`,
        );
    } else {
      for (;;) {
        const s = await client.guestStatus(this.row.targetNode, 'lxc', vmid);
        if (s.status === 'running' && Number(s.pid) > 0) break;
        if (Date.now() - started > timeoutMs)
          throw new RunFailure(`The container did not come up within ${this.params.boot_timeout_seconds} s (status ${s.status})`);
        await sleep(POLL_MS);
      }
    }
    this.record.timings.boot_s = seconds(Date.now() - started);
    await this.save({});
    await this.log(`Booted in ${this.record.timings.boot_s} s`);
    await this.progress(75);
  }

  /** Runs the probes until all pass or the healthy timeout; the last round is the result. */
  private async probe(): Promise<void> {
    const { client } = this.target!;
    const vmid = this.row.restoredVmid!;
    const probes = z
      .array(ProbeSchema)
      .catch([{ type: 'agent_ping' }])
      .parse(this.row.probes);
    // tcp and http run Windows programs in a Windows copy (its config read back, else the backup's, says which).
    const ostype = this.copyConfig?.ostype ?? this.backupConfig?.ostype;
    const os = guestOsOf(ostype);
    if (this.row.guestType === 'qemu' && os === 'windows')
      await this.log(`A Windows guest (ostype ${ostype}): tcp and http probes run netstat.exe and PowerShell`);
    const started = Date.now();
    let results: ProbeResult[];
    for (;;) {
      await this.cancelled();
      results =
        this.row.guestType === 'qemu'
          ? await runVmProbes(client, this.row.targetNode, vmid, probes, POLL_MS, os)
          : await containerChecks(client, this.row.targetNode, vmid, this.copyConfig ?? {}, probes, POLL_MS);
      if (results.every((r) => r.ok !== false)) break;
      if (Date.now() - started >= this.params.healthy_timeout_seconds * 1000) break;
      await sleep(POLL_MS * 2);
    }
    this.record.results = results;
    const failed = results.filter((r) => r.ok === false);
    if (failed.length) {
      await this.save({});
      const names = failed.map((r) => ('port' in r.probe ? `${r.probe.type} ${r.probe.port}` : r.probe.type)).join(', ');
      throw new RunFailure(`Probe failed: ${names} (${failed[0]!.output.split('\n')[0]})`);
    }
    this.record.timings.healthy_s = seconds(Date.now() - started);
    await this.save({});
    await this.log(`Healthy in ${this.record.timings.healthy_s} s: ${results.length} checks passed`);
    await this.progress(85);
  }

  /** Stops, destroys and checks the copy (the restore's own task first stopped if it still runs). */
  private async cleanup(): Promise<void> {
    const vmid = this.row.restoredVmid!;
    const { client } = this.target!;
    const started = Date.now();
    if (this.restoreUpid) {
      const restore = await client.taskStatus(this.row.targetNode, this.restoreUpid).catch(() => undefined);
      if (restore?.status === 'running') {
        await client.stopTask(this.row.targetNode, this.restoreUpid).catch(() => undefined);
        await client
          .waitForTask(this.row.targetNode, this.restoreUpid, { pollMs: 250, timeoutMs: START_TIMEOUT_MS })
          .catch(() => undefined);
      }
    }
    const storages = storagesOf(this.row.guestType, [this.copyConfig, this.backupConfig], this.row.targetStorage);
    this.record.cleanup = await destroyCopy(this.step, vmid, storages, this.recordUpid);
    this.record.timings.cleanup_s = seconds(Date.now() - started);
    await this.save({});
    await this.log(`Cleanup of ${vmid}: ${this.record.cleanup.detail}`);
  }

  private cleanupFailed(err: unknown): void {
    this.record.cleanup = { attempted: true, vmid_gone: null, leftover_volumes: [], detail: `cleanup failed: ${errorText(err)}` };
  }

  /** A run found running after a restart: it ends failed (interrupted), its copy (if it made one) cleaned up. */
  async resume(): Promise<void> {
    const { client } = this.target!;
    const vmid = this.row.restoredVmid;
    await this.log('Resumed after an interruption: the test ends failed (interrupted) and its copy is cleaned up');
    let note = 'nothing had been restored';
    try {
      if (vmid !== null) {
        this.restoreUpid = this.task.upids[0] ?? (await this.restoreTaskOf(vmid).catch(() => undefined));
        if (this.restoreUpid) {
          const status = await client.taskStatus(this.row.targetNode, this.restoreUpid);
          this.owned = !(status.exitstatus && isVmidTaken(status.exitstatus));
        }
        if (this.owned) {
          this.copyConfig = await client.guestConfig(this.row.targetNode, this.row.guestType, vmid).catch(() => undefined);
          await this.cleanup();
          note = `its copy ${vmid}: ${this.record.cleanup.detail}`;
        } else if (this.restoreUpid) {
          note = `VMID ${vmid} was taken by another guest before the restore: left as it is`;
        } else {
          note = `the restore to ${vmid} had not reached Proxmox: nothing to clean up`;
        }
      }
    } catch (err) {
      this.cleanupFailed(err);
      note = this.record.cleanup.detail;
    }
    const left = isLeftover(this.record.cleanup) ? ' NOT cleaned up' : '';
    await this.finish('failed', `interrupted: the portal stopped during the restore test;${left} ${note}`);
  }

  /**
   * The restore task of `vmid` this run sent before it could record the UPID (it died while sending), if any: a
   * qmrestore / vzrestore of that VMID by the portal's Proxmox user, started since the run began.
   */
  private async restoreTaskOf(vmid: number): Promise<string | undefined> {
    const { client, host } = this.target!;
    const since = Math.floor(((this.row.startedAt ?? this.task.createdAt).getTime() - 60_000) / 1000);
    const page = await client.tasks(this.row.targetNode, { vmid, source: 'all', since, limit: 50 });
    const ours = (i: (typeof page.items)[number]) =>
      (i.type === 'qmrestore' || i.type === 'vzrestore') && i.id === String(vmid) && i.user === host.username;
    return page.items.find(ours)?.upid;
  }

  /** Ends the run: its evidence and outcome (restore-test-outcome.ts), then its task. */
  async finish(status: RunEnd['status'], reason: string | null, rtoSeconds: number | null = null): Promise<void> {
    await saveOutcome(this.deps, this.row, this.record, { status, reason, rtoSeconds });
    this.row = { ...this.row, status, reason };
    await this.endTaskAs(status, reason, rtoSeconds);
  }

  /** Ends the task as the test ended (passed: succeeded; failed and skipped alike), once. */
  async endTaskAs(
    status: 'passed' | 'failed' | 'skipped',
    reason: string | null,
    rtoSeconds: number | null = null,
  ): Promise<void> {
    const { fail, succeed } = taskEnding(this.deps.db, this.task, 'vm.restore_test', {
      vmid: this.row.vmid,
      name: this.row.guestName,
      host: this.record.hostName,
      restore_test_id: this.row.id,
    });
    if (status === 'passed') await succeed(`Passed: RTO ${rtoSeconds ?? '?'} s`, { rto_seconds: rtoSeconds });
    else await fail(reason ?? status, status);
  }
}
