import type { NodeDef } from './comfyui-nodes';

// ComfyUI's graph validation (execution.py validate_prompt / validate_inputs), for the checks the
// LoRA Studio graphs can trip, answering its 400 body: `{ error: { type, message, details,
// extra_info }, node_errors: { <id>: { errors, dependent_outputs, class_type } } }`.

export type Node = { class_type?: unknown; inputs?: Record<string, unknown> };
export type Graph = Record<string, Node>;
export type NodeErr = { type: string; message: string; details: string; extra_info: Record<string, unknown> };
export type ComfyViolation = { code: string; message: string };

export const err = (
  type: string,
  message: string,
  details: string,
  extra_info: Record<string, unknown> = {},
): NodeErr => ({
  type,
  message,
  details,
  extra_info,
});

/** execution.py validate_inputs, for the checks our graphs can trip. */
export function validateNode(
  graph: Graph,
  id: string,
  defs: Record<string, NodeDef>,
  violations: ComfyViolation[],
): NodeErr[] {
  const node = graph[id]!;
  const def = defs[String(node.class_type)]!;
  const errors: NodeErr[] = [];
  const ins = node.inputs ?? {};
  const known = { ...def.required, ...def.optional };
  for (const name of Object.keys(ins))
    if (!(name in known))
      // ComfyUI ignores it; a misspelt input of ours would silently do nothing, so the double objects
      violations.push({ code: 'unknownInput', message: `#${id} ${String(node.class_type)}.${name}` });
  for (const [name, spec] of Object.entries(known)) {
    const required = name in def.required;
    if (!(name in ins)) {
      if (required)
        errors.push(err('required_input_missing', 'Required input is missing', name, { input_name: name }));
      continue;
    }
    const value = ins[name];
    const [type, conf] = spec;
    const extra = { input_name: name, input_config: spec, received_value: value };
    if (Array.isArray(value)) {
      if (value.length !== 2 || typeof value[1] !== 'number') {
        errors.push(
          err(
            'bad_linked_input',
            'Bad linked input, must be a length-2 list of [node_id, slot_index]',
            name,
            extra,
          ),
        );
        continue;
      }
      const from = graph[String(value[0])];
      if (!from) {
        // execution.py reads prompt[o_id]["class_type"]: a KeyError, reported as an inner exception
        errors.push(
          err(
            'exception_during_inner_validation',
            'Exception when validating inner node',
            `'${String(value[0])}'`,
            extra,
          ),
        );
        continue;
      }
      const fromDef = defs[String(from.class_type)];
      const received = fromDef?.output[value[1]];
      const expected = Array.isArray(type) ? 'COMBO' : String(type);
      if (received !== expected)
        errors.push(
          err(
            'return_type_mismatch',
            'Return type mismatch between linked nodes',
            `${name}, received_type(${received}) mismatch input_type(${expected})`,
            extra,
          ),
        );
      continue;
    }
    if (Array.isArray(type)) {
      if (!type.includes(value))
        errors.push(
          err(
            'value_not_in_list',
            'Value not in list',
            `${name}: '${String(value)}' not in ${JSON.stringify(type)}`,
            extra,
          ),
        );
      continue;
    }
    if (type === 'INT' || type === 'FLOAT') {
      const n = Number(value);
      if (typeof value === 'boolean' || !Number.isFinite(n) || (type === 'INT' && !Number.isInteger(n))) {
        errors.push(
          err(
            'invalid_input_type',
            `Failed to convert an input value to a ${type} value`,
            `${name}, ${String(value)}`,
            extra,
          ),
        );
        continue;
      }
      const c = (conf ?? {}) as { min?: number; max?: number };
      if (c.min !== undefined && n < c.min)
        errors.push(err('value_smaller_than_min', `Value ${n} smaller than min of ${c.min}`, name, extra));
      if (c.max !== undefined && n > c.max)
        errors.push(err('value_bigger_than_max', `Value ${n} bigger than max of ${c.max}`, name, extra));
    }
    if (type === 'STRING' && typeof value !== 'string')
      errors.push(
        err(
          'invalid_input_type',
          'Failed to convert an input value to a STRING value',
          `${name}, ${String(value)}`,
          extra,
        ),
      );
  }
  return errors;
}

/** execution.py validate_prompt: [ok, error, outputs, node_errors]. */
export function validatePrompt(
  defs: Record<string, NodeDef>,
  violations: ComfyViolation[],
  graph: unknown,
): { ok: true; outputs: string[] } | { ok: false; status: number; body: unknown } {
  if (!graph || typeof graph !== 'object' || Array.isArray(graph))
    return {
      ok: false,
      status: 400,
      body: {
        error: err('invalid_prompt', 'Invalid prompt', 'the prompt must be an object'),
        node_errors: {},
      },
    };
  const g = graph as Graph;
  const outputs: string[] = [];
  for (const [id, node] of Object.entries(g)) {
    if (!node || typeof node !== 'object' || !('class_type' in node))
      return {
        ok: false,
        status: 400,
        body: {
          error: err(
            'invalid_prompt',
            'Cannot execute because a node is missing the class_type property.',
            `Node ID '#${id}'`,
          ),
          node_errors: {},
        },
      };
    const def = defs[String(node.class_type)];
    if (!def)
      return {
        ok: false,
        status: 400,
        body: {
          error: err(
            'invalid_prompt',
            `Cannot execute because node ${String(node.class_type)} does not exist.`,
            `Node ID '#${id}'`,
          ),
          node_errors: {},
        },
      };
    if (def.outputNode) outputs.push(id);
  }
  if (outputs.length === 0)
    return {
      ok: false,
      status: 400,
      body: { error: err('prompt_no_outputs', 'Prompt has no outputs', ''), node_errors: {} },
    };
  // every node an output depends on is validated; errors are reported per node with its outputs
  const nodeErrors: Record<string, { errors: NodeErr[]; dependent_outputs: string[]; class_type: string }> =
    {};
  for (const out of outputs) {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id) || !g[id]) return;
      seen.add(id);
      const errors = validateNode(g, id, defs, violations);
      if (errors.length > 0) {
        const e = (nodeErrors[id] ??= {
          errors,
          dependent_outputs: [],
          class_type: String(g[id]!.class_type),
        });
        if (!e.dependent_outputs.includes(out)) e.dependent_outputs.push(out);
      }
      for (const v of Object.values(g[id]!.inputs ?? {}))
        if (Array.isArray(v) && v.length === 2) visit(String(v[0]));
    };
    visit(out);
  }
  if (Object.keys(nodeErrors).length > 0) {
    const details = Object.entries(nodeErrors)
      .flatMap(([, n]) => n.errors.map((e) => `${e.message}: ${e.details}`))
      .join('\n');
    return {
      ok: false,
      status: 400,
      body: {
        error: err('prompt_outputs_failed_validation', 'Prompt outputs failed validation', details),
        node_errors: nodeErrors,
      },
    };
  }
  return { ok: true, outputs };
}
