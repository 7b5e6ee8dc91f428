/// <reference types="@webgpu/types" />
/**
 * Compute pipelines with explicit bind group layouts (binding 0: the uniform slot with a dynamic
 * offset; then storage buffers, read-only or read-write as the module declares them).
 * Callers keep fast per-kernel lookups (on the CompiledKernel for kernels, by name for library
 * shaders); underneath, PipelineCache keys every pipeline by the hash of its WGSL and layout, so the
 * same module made again (a re-run cell or program: new CompiledKernel objects, same source) is not
 * created anew. Creation errors are collected as checks and reported at the next sync.
 */
import { createHash } from 'node:crypto';
import type { GpuFailure, Recorder } from './recorder.js';

export interface BindingSpec {
  binding: number;
  writable: boolean;
}

let nextPipelineId = 1;

export interface Pipeline {
  id: number;
  pipelines: Map<string, GPUComputePipeline>;
  layout: GPUBindGroupLayout;
  /** Bytes of the uniform slot. */
  uniformBytes: number;
  bindings: BindingSpec[];
  label: string;
  /** A kernel module with loop budgets: the binding of the status buffer (loop-budget.ts), which
   *  every bind group of the pipeline gets. */
  statusBinding?: number;
}

export function createPipeline(
  rec: Recorder,
  label: string,
  code: string,
  entries: string[],
  uniformBytes: number,
  bindings: BindingSpec[],
): Pipeline {
  const device = rec.device;
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ code, label });
  const layout = device.createBindGroupLayout({
    label,
    entries: [
      { binding: 0, visibility: 4, buffer: { type: 'uniform', hasDynamicOffset: true, minBindingSize: uniformBytes } },
      ...bindings.map((b) => ({
        binding: b.binding,
        visibility: 4, // COMPUTE
        buffer: { type: (b.writable ? 'storage' : 'read-only-storage') as GPUBufferBindingType },
      })),
    ],
  });
  const pipelineLayout = device.createPipelineLayout({ bindGroupLayouts: [layout], label });
  const pipelines = new Map<string, GPUComputePipeline>();
  for (const entry of entries) {
    pipelines.set(entry, device.createComputePipeline({ layout: pipelineLayout, compute: { module, entryPoint: entry }, label }));
  }
  const scope = device.popErrorScope();
  rec.addCheck(
    Promise.all([scope, module.getCompilationInfo()]).then(([err, info]): GpuFailure | null => {
      const errors = info.messages.filter((m) => m.type === 'error');
      if (errors.length === 0 && !err) return null;
      const first = errors[0];
      const where = first ? ` at generated line ${first.lineNum}:${first.linePos}: ${first.message}` : `: ${err!.message}`;
      return { kind: 'compile', message: `the WGSL generated for ${label} does not compile${where}` };
    }),
  );
  return { id: nextPipelineId++, pipelines, layout, uniformBytes, bindings, label };
}

/** What a pipeline is made from; its hash is the cache key. */
export interface PipelineSource {
  label: string;
  code: string;
  entries: string[];
  uniformBytes: number;
  bindings: BindingSpec[];
}

/** The key of a pipeline: a hash of everything that makes it (the label only names it in messages). */
export function pipelineHash(src: PipelineSource): string {
  const h = createHash('sha256');
  h.update(src.code);
  h.update(`\0${src.entries.join(',')}\0${src.uniformBytes}\0`);
  for (const b of src.bindings) h.update(`${b.binding}${b.writable ? 'w' : 'r'},`);
  return h.digest('hex');
}

/** How many pipelines this device created, how many requests found one already made, and the host
 *  wall time spent making kernel and library pipelines (WGSL writing included; GpuContext adds it). */
export interface PipelineCounts {
  created: number;
  reused: number;
  ms: number;
}

/** Pipelines of one device by pipelineHash: each distinct module is created once per process. */
export class PipelineCache {
  private readonly byHash = new Map<string, Pipeline>();
  readonly counts: PipelineCounts = { created: 0, reused: 0, ms: 0 };

  constructor(private readonly rec: Recorder) {}

  get(src: PipelineSource): Pipeline {
    const hash = pipelineHash(src);
    const found = this.byHash.get(hash);
    if (found) {
      this.counts.reused++;
      return found;
    }
    const p = createPipeline(this.rec, src.label, src.code, src.entries, src.uniformBytes, src.bindings);
    this.counts.created++;
    this.byHash.set(hash, p);
    return p;
  }
}

/** Bind groups by pipeline and buffer identities; cleared when it grows past a bound. */
export class BindGroupCache {
  private readonly map = new Map<string, GPUBindGroup>();
  constructor(
    private readonly device: GPUDevice,
    /** The device's loop status buffer (loop-budget.ts). */
    private readonly status: GPUBuffer | null = null,
  ) {}

  get(p: Pipeline, uniform: GPUBuffer, buffers: { binding: number; buffer: GPUBuffer; id: number | string }[], label: () => string): GPUBindGroup {
    let key = `${p.id}|`;
    for (const b of buffers) key += `${b.binding}:${b.id},`;
    let g = this.map.get(key);
    if (g) return g;
    if (this.map.size > 4096) this.map.clear();
    g = this.device.createBindGroup({
      label: label(),
      layout: p.layout,
      entries: [
        { binding: 0, resource: { buffer: uniform, offset: 0, size: p.uniformBytes } },
        ...buffers.map((b) => ({ binding: b.binding, resource: { buffer: b.buffer } })),
        ...(p.statusBinding !== undefined && this.status ? [{ binding: p.statusBinding, resource: { buffer: this.status } }] : []),
      ],
    });
    this.map.set(key, g);
    return g;
  }

  /** Forget bind groups that use buffer `id` (it is being destroyed), or one of its pages (`<id>p<k>`). */
  forget(id: number): void {
    const tag = `:${id}`;
    const page = `:${id}p`;
    for (const k of this.map.keys()) {
      if (k.split('|')[1]!.split(',').some((e) => e.endsWith(tag) || e.includes(page))) this.map.delete(k);
      // (keys end with ',' so the last entry is '' and never matches)
    }
  }
}
