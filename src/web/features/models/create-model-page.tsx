import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_MODEL_IMAGES } from '@shared/constants';
import { createModelSchema } from '@shared/schemas/models';
import { errorMessage } from '@web/lib/api';
import { usePageTitle } from '@web/lib/use-page-title';
import { AlertCircle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormCard } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PageHeader } from '@web/components/ui/page-header';
import { CREATE_MODEL_HEADER } from './page-headers';
import { Progress } from '@web/components/ui/progress';
import { Textarea } from '@web/components/ui/textarea';
import { toast, toastError } from '@web/components/ui/use-toast';
import { createModel, deleteModel, isAbort, refreshModelData, uploadImages } from './api/models-api';
import { ImagePicker } from './components/image-picker';
import { SubjectConsentField } from './components/subject-consent-field';
import { FaceAnalysisPrompt } from './components/face-analysis-prompt';

export function CreateModelPage() {
  usePageTitle(CREATE_MODEL_HEADER.title);
  const navigate = useNavigate();
  const client = useQueryClient();
  // the field to fix gets the focus (react-hook-form's shouldFocusError), as in the other forms
  const form = useForm({
    resolver: zodResolver(createModelSchema),
    defaultValues: { name: '', description: '' },
  });
  const { errors } = form.formState;
  const [files, setFiles] = useState<File[]>([]);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string>();
  const [phase, setPhase] = useState<'idle' | 'creating' | 'uploading'>('idle');
  const [uploadError, setUploadError] = useState<string>();
  const busy = phase !== 'idle';

  const onSubmit = form.handleSubmit(async (values) => {
    if (files.length > 0 && !consent) {
      setConsentError('Please confirm who is in the photos before uploading them.');
      return;
    }
    setPhase('creating');
    setUploadError(undefined);
    let id: string;
    try {
      id = (
        await createModel({ name: values.name, description: values.description, subjectConsent: consent })
      ).id;
    } catch (error) {
      setPhase('idle');
      toastError('Error creating model', error);
      return;
    }
    if (files.length > 0) {
      setPhase('uploading');
      try {
        await uploadImages(id, files);
      } catch (error) {
        // One refused photo refuses the whole request: the empty model the person did not ask for
        // is deleted again, and the selection stays so they can drop that photo and submit once more
        // (the upload page keeps it the same way).
        await deleteModel(id).catch(() => undefined);
        refreshModelData(client);
        setPhase('idle');
        setUploadError(
          isAbort(error)
            ? 'Upload timed out. Please try again with fewer or smaller images.'
            : errorMessage(error, 'An unexpected error occurred during upload'),
        );
        return;
      }
    }
    refreshModelData(client, id);
    toast({ title: 'Model created', description: `${values.name} has been created.` });
    navigate(`/models/${id}`);
  });

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader {...CREATE_MODEL_HEADER} />
      <div className="mb-6">
        <FaceAnalysisPrompt />
      </div>
      <FormCard
        onSubmit={onSubmit}
        actions={
          <>
            <Button type="button" variant="outline" onClick={() => navigate('/models')} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" pending={busy}>
              Create Model
            </Button>
          </>
        }
      >
        <FormField id="model-name" label="Model Name" error={errors.name?.message}>
          {(p) => (
            <Input {...p} {...form.register('name')} placeholder="e.g. My Portrait Model" disabled={busy} />
          )}
        </FormField>
        {/* an over-long description says so too, not just refuses silently */}
        <FormField id="model-description" label="Description (optional)" error={errors.description?.message}>
          {(p) => (
            <Textarea
              {...p}
              {...form.register('description')}
              placeholder="What is this model for?"
              disabled={busy}
            />
          )}
        </FormField>
        <div className="grid gap-2">
          <p className="text-sm font-medium">Training Images</p>
          <SubjectConsentField
            checked={consent}
            onChange={(v) => {
              setConsent(v);
              setConsentError(undefined);
            }}
            error={consentError}
            disabled={busy}
          />
          <ImagePicker
            files={files}
            onChange={setFiles}
            max={MAX_MODEL_IMAGES}
            disabled={busy || !consent}
            hint={`Upload 10-20 clear images of yourself (different angles and expressions), maximum ${MAX_MODEL_IMAGES}. PNG, JPG, or WebP up to 10MB each.`}
          />
        </div>
        {uploadError ? (
          <Alert variant="destructive">
            <AlertCircle aria-hidden="true" />
            <AlertTitle>Upload failed, no model was created</AlertTitle>
            <AlertDescription>{uploadError}</AlertDescription>
          </Alert>
        ) : null}
        {busy ? (
          <div className="grid gap-2" aria-live="polite">
            <Progress
              value={phase === 'creating' ? 30 : 70}
              aria-label={phase === 'creating' ? 'Creating model' : 'Uploading images'}
            />
            <p className="text-sm text-muted-foreground">
              {phase === 'creating' ? 'Creating model...' : 'Uploading images...'}
            </p>
          </div>
        ) : null}
      </FormCard>
    </div>
  );
}
