// The node classes the LoRA Studio workflows use, as ComfyUI's GET /object_info describes them
// (server.py node_info: input / input_order / output / output_is_list / output_name / name /
// display_name / description / python_module / category / output_node). Input specs follow each
// class's INPUT_TYPES in ComfyUI's nodes.py and comfy_extras (nodes_custom_sampler.py, nodes_flux.py,
// nodes_sd3.py, nodes_upscale_model.py); file lists come from the double's folders.

export type InputSpec = [unknown, Record<string, unknown>?];
export type NodeDef = {
  required: Record<string, InputSpec>;
  optional?: Record<string, InputSpec>;
  output: string[];
  outputName?: string[];
  outputNode?: boolean;
  category: string;
  module?: string;
};

export type Folders = {
  diffusion_models: string[];
  text_encoders: string[];
  vae: string[];
  loras: string[];
  upscale_models: string[];
  input: string[];
};

const SAMPLERS = ['euler', 'euler_ancestral', 'heun', 'dpm_2', 'dpmpp_2m', 'dpmpp_sde', 'ddim', 'uni_pc'];
const SCHEDULERS = ['simple', 'sgm_uniform', 'karras', 'exponential', 'ddim_uniform', 'beta', 'normal'];
const MAX_RESOLUTION = 16384;
// ComfyUI's 0xffffffffffffffff, as a JSON reader sees it (a double)
const SEED_MAX = 2 ** 64 - 1;

export function nodeDefs(f: Folders): Record<string, NodeDef> {
  return {
    UNETLoader: {
      required: {
        unet_name: [f.diffusion_models],
        weight_dtype: [['default', 'fp8_e4m3fn', 'fp8_e4m3fn_fast', 'fp8_e5m2']],
      },
      output: ['MODEL'],
      category: 'advanced/loaders',
    },
    CLIPLoader: {
      required: {
        clip_name: [f.text_encoders],
        type: [
          [
            'stable_diffusion',
            'stable_cascade',
            'sd3',
            'stable_audio',
            'mochi',
            'ltxv',
            'pixart',
            'cosmos',
            'lumina2',
            'wan',
            'hidream',
            'chroma',
            'ace',
            'omnigen2',
            'qwen_image',
            'hunyuan_image',
            'flux2',
          ],
        ],
      },
      optional: { device: [['default', 'cpu'], { advanced: true }] },
      output: ['CLIP'],
      category: 'advanced/loaders',
    },
    DualCLIPLoader: {
      required: {
        clip_name1: [f.text_encoders],
        clip_name2: [f.text_encoders],
        type: [['sdxl', 'sd3', 'flux', 'hunyuan_video', 'hidream']],
      },
      optional: { device: [['default', 'cpu'], { advanced: true }] },
      output: ['CLIP'],
      category: 'advanced/loaders',
    },
    VAELoader: { required: { vae_name: [f.vae] }, output: ['VAE'], category: 'loaders' },
    LoraLoaderModelOnly: {
      required: {
        model: ['MODEL'],
        lora_name: [f.loras],
        strength_model: ['FLOAT', { default: 1.0, min: -100.0, max: 100.0, step: 0.01 }],
      },
      output: ['MODEL'],
      category: 'loaders',
    },
    CLIPTextEncode: {
      required: { text: ['STRING', { multiline: true, dynamicPrompts: true }], clip: ['CLIP'] },
      output: ['CONDITIONING'],
      category: 'conditioning',
    },
    FluxGuidance: {
      required: {
        conditioning: ['CONDITIONING'],
        guidance: ['FLOAT', { default: 3.5, min: 0.0, max: 100.0, step: 0.1 }],
      },
      output: ['CONDITIONING'],
      category: 'advanced/conditioning/flux',
      module: 'comfy_extras.nodes_flux',
    },
    CFGGuider: {
      required: {
        model: ['MODEL'],
        positive: ['CONDITIONING'],
        negative: ['CONDITIONING'],
        cfg: ['FLOAT', { default: 8.0, min: 0.0, max: 100.0, step: 0.1, round: 0.01 }],
      },
      output: ['GUIDER'],
      category: 'sampling/custom_sampling/guiders',
      module: 'comfy_extras.nodes_custom_sampler',
    },
    RandomNoise: {
      required: { noise_seed: ['INT', { default: 0, min: 0, max: SEED_MAX, control_after_generate: true }] },
      output: ['NOISE'],
      category: 'sampling/custom_sampling/noise',
      module: 'comfy_extras.nodes_custom_sampler',
    },
    KSamplerSelect: {
      required: { sampler_name: [SAMPLERS] },
      output: ['SAMPLER'],
      category: 'sampling/custom_sampling/samplers',
      module: 'comfy_extras.nodes_custom_sampler',
    },
    Flux2Scheduler: {
      required: {
        steps: ['INT', { default: 20, min: 1, max: 4096 }],
        width: ['INT', { default: 1024, min: 16, max: MAX_RESOLUTION, step: 1 }],
        height: ['INT', { default: 1024, min: 16, max: MAX_RESOLUTION, step: 1 }],
      },
      output: ['SIGMAS'],
      category: 'advanced/model',
      module: 'comfy_extras.nodes_flux',
    },
    EmptyFlux2LatentImage: {
      required: {
        width: ['INT', { default: 1024, min: 16, max: MAX_RESOLUTION, step: 16 }],
        height: ['INT', { default: 1024, min: 16, max: MAX_RESOLUTION, step: 16 }],
        batch_size: ['INT', { default: 1, min: 1, max: 4096 }],
      },
      output: ['LATENT'],
      category: 'latent',
      module: 'comfy_extras.nodes_flux',
    },
    EmptySD3LatentImage: {
      required: {
        width: ['INT', { default: 1024, min: 16, max: MAX_RESOLUTION, step: 16 }],
        height: ['INT', { default: 1024, min: 16, max: MAX_RESOLUTION, step: 16 }],
        batch_size: ['INT', { default: 1, min: 1, max: 4096 }],
      },
      output: ['LATENT'],
      category: 'latent/sd3',
      module: 'comfy_extras.nodes_sd3',
    },
    SamplerCustomAdvanced: {
      required: {
        noise: ['NOISE'],
        guider: ['GUIDER'],
        sampler: ['SAMPLER'],
        sigmas: ['SIGMAS'],
        latent_image: ['LATENT'],
      },
      output: ['LATENT', 'LATENT'],
      outputName: ['output', 'denoised_output'],
      category: 'sampling/custom_sampling',
      module: 'comfy_extras.nodes_custom_sampler',
    },
    KSampler: {
      required: {
        model: ['MODEL'],
        seed: ['INT', { default: 0, min: 0, max: SEED_MAX, control_after_generate: true }],
        steps: ['INT', { default: 20, min: 1, max: 10000 }],
        cfg: ['FLOAT', { default: 8.0, min: 0.0, max: 100.0, step: 0.1, round: 0.01 }],
        sampler_name: [SAMPLERS],
        scheduler: [SCHEDULERS],
        positive: ['CONDITIONING'],
        negative: ['CONDITIONING'],
        latent_image: ['LATENT'],
        denoise: ['FLOAT', { default: 1.0, min: 0.0, max: 1.0, step: 0.01 }],
      },
      output: ['LATENT'],
      category: 'sampling',
    },
    VAEDecode: {
      required: { samples: ['LATENT'], vae: ['VAE'] },
      output: ['IMAGE'],
      category: 'latent',
    },
    SaveImage: {
      required: { images: ['IMAGE'], filename_prefix: ['STRING', { default: 'ComfyUI' }] },
      output: [],
      outputNode: true,
      category: 'image',
    },
    LoadImage: {
      required: { image: [f.input, { image_upload: true }] },
      output: ['IMAGE', 'MASK'],
      category: 'image',
    },
    UpscaleModelLoader: {
      required: { model_name: [f.upscale_models] },
      output: ['UPSCALE_MODEL'],
      category: 'loaders',
      module: 'comfy_extras.nodes_upscale_model',
    },
    ImageUpscaleWithModel: {
      required: { upscale_model: ['UPSCALE_MODEL'], image: ['IMAGE'] },
      output: ['IMAGE'],
      category: 'image/upscaling',
      module: 'comfy_extras.nodes_upscale_model',
    },
    ImageScaleBy: {
      required: {
        image: ['IMAGE'],
        upscale_method: [['nearest-exact', 'bilinear', 'area', 'bicubic', 'lanczos']],
        scale_by: ['FLOAT', { default: 1.0, min: 0.01, max: 8.0, step: 0.01 }],
      },
      output: ['IMAGE'],
      category: 'image/upscaling',
    },
  };
}

/** One class as GET /object_info answers it. */
export function nodeInfo(name: string, d: NodeDef) {
  const input = { required: d.required, ...(d.optional ? { optional: d.optional } : {}) };
  return {
    input,
    input_order: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, Object.keys(v)])),
    output: d.output,
    output_is_list: d.output.map(() => false),
    output_name: d.outputName ?? d.output,
    name,
    display_name: name,
    description: '',
    python_module: d.module ?? 'nodes',
    category: d.category,
    output_node: d.outputNode === true,
  };
}

/** GET /system_stats (server.py): ComfyUI's version, and a device as torch names it. */
export const SYSTEM_STATS = {
  system: {
    os: 'posix',
    ram_total: 64e9,
    ram_free: 60e9,
    comfyui_version: '0.3.75',
    python_version: '3.12.3',
    pytorch_version: '2.7.1+cu128',
    embedded_python: false,
    argv: ['main.py', '--listen', '127.0.0.1'],
  },
  devices: [
    {
      name: 'cuda:0 NVIDIA GeForce RTX 4090 : cudaMallocAsync',
      type: 'cuda',
      index: 0,
      vram_total: 25386352640,
      vram_free: 24000000000,
      torch_vram_total: 0,
      torch_vram_free: 0,
    },
  ],
};
