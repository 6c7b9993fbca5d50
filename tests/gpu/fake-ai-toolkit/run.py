"""A stand-in for ostris/ai-toolkit's run.py, for tests without a GPU.

It reads the job config the studio wrote, refuses keys ai-toolkit does not read (the sets below are
taken from ai-toolkit's toolkit/config_modules.py and jobs/process/BaseSDTrainProcess.py), then
behaves like a training: tqdm progress lines with the job's name, a save every `save_every` steps
that a later run resumes from, samples and the final `<name>.safetensors` under
`<training_folder>/<name>/`.

Environment (for the tests):
  FAKE_AITK_STEP_MS   pause per step (default 1)
  FAKE_AITK_OOM_AT    at this step print PyTorch's CUDA out-of-memory error and exit 1
  FAKE_AITK_HOLD_AT   at this step stop and wait to be killed (a fresh run only, not a resumed one)
  FAKE_AITK_DIE_AT    at this step die by SIGKILL (a fresh run only, not a resumed one)
"""
import base64
import glob
import json
import os
import re
import signal
import sys
import time

ALLOWED = {
    'root': {'job', 'config', 'meta'},
    'config': {'name', 'process'},
    'meta': {'name', 'version'},
    'process': {'type', 'training_folder', 'device', 'trigger_word', 'performance_log_every', 'network',
                'save', 'datasets', 'train', 'model', 'sample', 'logging', 'training_seed', 'log_dir',
                'first_sample', 'embedding', 'adapter', 'decorator', 'guidance', 'torch_profiler'},
    'network': {'type', 'rank', 'linear', 'conv', 'alpha', 'linear_alpha', 'conv_alpha', 'dropout',
                'network_kwargs', 'lokr_full_rank', 'lokr_factor', 'transformer_only', 'pretrained_lora_path'},
    'save': {'save_every', 'dtype', 'max_step_saves_to_keep', 'save_format', 'push_to_hub', 'hf_repo_id',
             'hf_private'},
    'dataset': {'folder_path', 'dataset_path', 'default_caption', 'trigger_word', 'caption_ext',
                'caption_dropout_rate', 'shuffle_tokens', 'cache_latents', 'cache_latents_to_disk',
                'resolution', 'random_crop', 'scale', 'buckets', 'bucket_tolerance', 'is_reg',
                'network_weight', 'token_dropout_rate', 'keep_tokens', 'flip_x', 'flip_y', 'num_repeats',
                'num_workers', 'mask_path', 'mask_min_value', 'control_path', 'square_crop', 'type',
                'batch_size'},
    'train': {'noise_scheduler', 'content_or_style', 'steps', 'lr', 'unet_lr', 'text_encoder_lr', 'optimizer',
              'optimizer_params', 'lr_scheduler', 'lr_scheduler_params', 'batch_size', 'dtype', 'train_unet',
              'train_text_encoder', 'skip_first_sample', 'force_first_sample', 'gradient_checkpointing',
              'gradient_accumulation_steps', 'gradient_accumulation', 'max_grad_norm', 'ema_config',
              'timestep_type', 'linear_timesteps', 'disable_sampling', 'unload_text_encoder',
              'cache_text_embeddings', 'bypass_guidance_embedding', 'loss_type', 'noise_offset',
              'min_snr_gamma', 'start_step', 'xformers', 'sdp', 'attention_backend'},
    'ema_config': {'use_ema', 'ema_decay', 'use_feedback', 'param_multiplier'},
    'model': {'name_or_path', 'arch', 'is_flux', 'is_v2', 'is_xl', 'is_v3', 'is_lumina2', 'dtype', 'quantize',
              'quantize_te', 'qtype', 'qtype_te', 'low_vram', 'model_kwargs', 'vae_path', 'te_name_or_path',
              'layer_offloading', 'layer_offloading_transformer_percent',
              'layer_offloading_text_encoder_percent', 'compile', 'assistant_lora_path', 'inference_lora_path',
              'extras_name_or_path', 'model_paths', 'auto_memory'},
    'sample': {'sampler', 'sample_every', 'sample_start_step', 'width', 'height', 'neg', 'seed', 'walk_seed',
               'guidance_scale', 'sample_steps', 'network_multiplier', 'guidance_rescale', 'format',
               'prompts', 'samples', 'num_frames', 'fps', 'extra_values', 'adapter_conditioning_scale',
               'refiner_start_at', 'do_cfg_norm'},
    'logging': {'log_every', 'verbose', 'use_wandb', 'use_ui_logger', 'project_name', 'run_name'},
}
REQUIRED_PROCESS = {'type', 'training_folder', 'network', 'save', 'datasets', 'train', 'model', 'sample'}

# a 1x1 JPEG
JPEG = base64.b64decode(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////'
    '////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=')


def fail(message):
    print(f'Error running job: {message}', flush=True)
    print('', flush=True)
    print('========================================', flush=True)
    print('Result:', flush=True)
    print(' - 0 completed jobs', flush=True)
    print(' - 1 failure', flush=True)
    print('========================================', flush=True)
    sys.exit(1)


def check_keys(section, value, where):
    if not isinstance(value, dict):
        fail(f'{where} must be a mapping')
    unknown = sorted(set(value) - ALLOWED[section])
    if unknown:
        fail(f'unknown key(s) in {where}: {", ".join(unknown)}')


def load(path):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    if '${' in text:
        fail('the config asks for environment variables')
    try:
        import yaml  # ai-toolkit reads its YAML with PyYAML (oyaml)
        return yaml.safe_load(text)
    except ImportError:
        # JSON is YAML's flow style: without PyYAML, read it as JSON once the comment lines are gone
        return json.loads('\n'.join(l for l in text.splitlines() if not l.lstrip().startswith('#')))


def bar(name, step, total, elapsed):
    pct = int(step * 100 / total)
    filled = int(step * 10 / total)
    rate = step / elapsed if elapsed > 0 else 0.0
    left = (total - step) / rate if rate > 0 else 0
    clock = lambda s: f'{int(s) // 60:02d}:{int(s) % 60:02d}'
    return (f'{name}: {pct:3d}%|{"█" * filled}{" " * (10 - filled)}| {step}/{total} '
            f'[{clock(elapsed)}<{clock(left)}, {rate:.2f}it/s, lr: 1.0e-04 loss: 3.412e-01]')


def safetensors(step):
    header = {'__metadata__': {'format': 'pt', 'ss_output_name': 'lora', 'step': str(step)},
              'transformer.single_transformer_blocks.0.attn.to_q.lora_A.weight':
                  {'dtype': 'F16', 'shape': [4, 8], 'data_offsets': [0, 64]}}
    raw = json.dumps(header).encode('utf-8')
    raw += b' ' * ((8 - len(raw) % 8) % 8)
    return len(raw).to_bytes(8, 'little') + raw + bytes(range(64))


def main():
    if len(sys.argv) < 2:
        fail('You must provide at least one config file')
    cfg = load(sys.argv[1])
    check_keys('root', cfg, 'the config')
    if cfg.get('job') != 'extension':
        fail(f'Unknown job type {cfg.get("job")}')
    check_keys('config', cfg['config'], 'config')
    check_keys('meta', cfg.get('meta', {}), 'meta')
    name = cfg['config']['name']
    processes = cfg['config']['process']
    if len(processes) != 1:
        fail('expected one process')
    p = processes[0]
    check_keys('process', p, 'process[0]')
    missing = sorted(REQUIRED_PROCESS - set(p))
    if missing:
        fail(f'process[0] lacks {", ".join(missing)}')
    if p['type'] != 'sd_trainer':
        fail(f'unknown process type {p["type"]}')
    for section in ('network', 'save', 'train', 'model', 'sample'):
        check_keys(section, p[section], f'process[0].{section}')
    check_keys('ema_config', p['train'].get('ema_config', {}), 'process[0].train.ema_config')
    if not p['model'].get('name_or_path'):
        fail('model.name_or_path is required')
    if not isinstance(p['sample'].get('prompts'), list) or not p['sample']['prompts']:
        fail('sample.prompts must be a list')
    images = 0
    for i, ds in enumerate(p['datasets']):
        check_keys('dataset', ds, f'process[0].datasets[{i}]')
        folder = ds['folder_path']
        if not os.path.isdir(folder):
            fail(f'dataset folder {folder} does not exist')
        for img in glob.glob(os.path.join(folder, '*.jpg')):
            caption = os.path.splitext(img)[0] + '.' + ds.get('caption_ext', 'txt')
            if not os.path.exists(caption):
                fail(f'no caption for {img}')
            images += 1
    if images == 0:
        fail('no images in the dataset')
    steps = p['train']['steps']
    if not isinstance(steps, int) or steps <= 0:
        fail('train.steps must be a positive whole number')

    save_root = os.path.join(p['training_folder'], name)
    os.makedirs(save_root, exist_ok=True)
    print('Running 1 job', flush=True)
    print(f'fake ai-toolkit pid {os.getpid()}', flush=True)
    print(f'#### IMPORTANT RESUMING / {name}', flush=True)
    print(f'Loading {p["model"]["name_or_path"]}', flush=True)
    print(f'Dataset: {p["datasets"][0]["folder_path"]}', flush=True)
    print(f'  -  Found {images} images', flush=True)

    start = 0
    saves = sorted(glob.glob(os.path.join(save_root, f'{name}_*.safetensors')))
    if saves:
        start = int(re.search(r'_(\d{9})\.safetensors$', saves[-1]).group(1))
        print(f'Loading from {saves[-1]}', flush=True)
        print(f'Found step {start} in metadata, starting from there', flush=True)
    fresh = start == 0
    env = lambda k: int(os.environ[k]) if os.environ.get(k) else None
    step_ms, oom_at, hold_at, die_at = (env('FAKE_AITK_STEP_MS') or 1, env('FAKE_AITK_OOM_AT'),
                                        env('FAKE_AITK_HOLD_AT'), env('FAKE_AITK_DIE_AT'))
    save_every = p['save']['save_every']
    keep = p['save'].get('max_step_saves_to_keep', 4)
    began = time.time()
    for step in range(start, steps):
        if oom_at is not None and step == oom_at:
            sys.stderr.write('Traceback (most recent call last):\n  File "run.py", line 90, in <module>\n'
                             'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. '
                             'GPU 0 has a total capacity of 11.72 GiB of which 1.06 GiB is free.\n')
            sys.stderr.flush()
            fail('CUDA out of memory. Tried to allocate 2.00 GiB')
        if fresh and hold_at is not None and step == hold_at:
            print(f'holding at step {step}', flush=True)
            while True:
                time.sleep(1)
        if fresh and die_at is not None and step == die_at:
            os.kill(os.getpid(), signal.SIGKILL)
        time.sleep(step_ms / 1000)
        done = step + 1
        if done % 10 == 0 or done == steps:
            sys.stderr.write('\r' + bar(name, done, steps, time.time() - began))
            sys.stderr.flush()
        if done % save_every == 0 and done < steps:
            with open(os.path.join(save_root, f'{name}_{done:09d}.safetensors'), 'wb') as f:
                f.write(safetensors(done))
            old = sorted(glob.glob(os.path.join(save_root, f'{name}_*.safetensors')))
            for path in old[:-keep]:
                os.remove(path)
    sys.stderr.write('\n')
    with open(os.path.join(save_root, f'{name}.safetensors'), 'wb') as f:
        f.write(safetensors(steps))
    print(f'Saved to {os.path.join(save_root, name + ".safetensors")}', flush=True)
    samples = os.path.join(save_root, 'samples')
    os.makedirs(samples, exist_ok=True)
    for i, _ in enumerate(p['sample']['prompts']):
        with open(os.path.join(samples, f'{int(time.time() * 1000)}__{steps:09d}_{i}.jpg'), 'wb') as f:
            f.write(JPEG)
    print('', flush=True)
    print('========================================', flush=True)
    print('Result:', flush=True)
    print(' - 1 completed job', flush=True)
    print('========================================', flush=True)


if __name__ == '__main__':
    main()
