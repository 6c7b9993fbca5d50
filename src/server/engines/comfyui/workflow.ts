import type { GpuBaseModel } from '../../config/comfyui';
import generateFlux1Dev from './workflows/generate-flux1-dev-v1.json';
import generateFlux2Klein from './workflows/generate-flux2-klein-4b-v1.json';
import upscaleGraph from './workflows/upscale-v1.json';

/** One node of a ComfyUI API-format graph: inputs are values or links `[nodeId, outputSlot]`. */
export type ComfyNode = { class_type: string; inputs: Record<string, unknown> };
export type ComfyGraph = Record<string, ComfyNode>;

type Slot = [string, string];

/**
 * A workflow as kept in workflows/*.json (versioned with the code): a ComfyUI API-format graph, the
 * inputs each request value is written to (`bind`), and where the LoRA stack goes (between the
 * model loader's output and the inputs that take the model).
 */
export type Workflow = {
  name: string;
  version: number;
  description: string;
  defaults?: { steps?: number };
  bind: Record<string, Slot[]>;
  loraStack?: { from: [string, number]; into: Slot[] };
  /** the SaveImage node whose images are the result */
  output: string;
  graph: ComfyGraph;
};

const GENERATE: Record<GpuBaseModel, Workflow> = {
  'flux2-klein-4b': generateFlux2Klein as unknown as Workflow,
  'flux1-dev': generateFlux1Dev as unknown as Workflow,
};

export const UPSCALE_WORKFLOW = upscaleGraph as unknown as Workflow;

export function generateWorkflow(base: GpuBaseModel): Workflow {
  return GENERATE[base];
}

/** Every workflow this server may send for a base: what `npm run vendors:check` holds ComfyUI to. */
export function workflowsFor(base: GpuBaseModel): Workflow[] {
  return [GENERATE[base], UPSCALE_WORKFLOW];
}

/** The folder (under ComfyUI's output and input folders) our files go to, apart from anyone else's. */
export const COMFY_SUBFOLDER = 'lora-studio';

export type LoraRef = { name: string; strength: number };

/**
 * The graph to submit: a deep copy of the workflow's, the request's values written to their bound
 * inputs, and one LoraLoaderModelOnly per LoRA chained from the model loader to the model's users.
 * Node ids of the stack start at 1000 so they never meet the workflow's own.
 */
export function buildGraph(
  wf: Workflow,
  values: Record<string, string | number>,
  loras: LoraRef[] = [],
): ComfyGraph {
  const graph = structuredClone(wf.graph);
  for (const [key, value] of Object.entries(values)) {
    const slots = wf.bind[key];
    if (!slots) throw new Error(`workflow ${wf.name} has no input bound to "${key}"`);
    for (const [node, input] of slots) graph[node]!.inputs[input] = value;
  }
  if (loras.length > 0) {
    if (!wf.loraStack) throw new Error(`workflow ${wf.name} takes no LoRA`);
    let model: [string, number] = wf.loraStack.from;
    loras.forEach((l, i) => {
      const id = String(1000 + i);
      graph[id] = {
        class_type: 'LoraLoaderModelOnly',
        inputs: { model, lora_name: l.name, strength_model: l.strength },
      };
      model = [id, 0];
    });
    for (const [node, input] of wf.loraStack.into) graph[node]!.inputs[input] = model;
  }
  return graph;
}

/** The node classes a workflow uses (with the LoRA loader when it takes a stack). */
export function nodeClasses(wf: Workflow): string[] {
  const names = new Set(Object.values(wf.graph).map((n) => n.class_type));
  if (wf.loraStack) names.add('LoraLoaderModelOnly');
  return [...names].sort();
}

/**
 * The model files a workflow names: each (node class, input, file) whose value must be in the list
 * ComfyUI offers for that input — checkpoints, text encoders, VAE, upscale model.
 */
export function modelFiles(wf: Workflow): { nodeClass: string; input: string; file: string }[] {
  const out: { nodeClass: string; input: string; file: string }[] = [];
  for (const node of Object.values(wf.graph)) {
    for (const [input, value] of Object.entries(node.inputs)) {
      if (
        typeof value === 'string' &&
        /\.(safetensors|pth|pt|ckpt|gguf|bin)$/i.test(value) &&
        node.class_type !== 'LoadImage'
      )
        out.push({ nodeClass: node.class_type, input, file: value });
    }
  }
  return out;
}
