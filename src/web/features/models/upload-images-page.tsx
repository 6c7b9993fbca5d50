import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, ArrowLeft } from 'lucide-react';
import { MAX_MODEL_IMAGES, MIN_TRAINING_IMAGES } from '@shared/constants';
import { useUser } from '@web/lib/session';
import { errorMessage } from '@web/lib/api';
import { usePageTitle } from '@web/lib/use-page-title';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { isAbort, recordSubjectConsent, refreshModelData, uploadImages, useModel } from './api/models-api';
import { ImagePicker } from './components/image-picker';
import { SubjectConsentField } from './components/subject-consent-field';
import { FaceAnalysisPrompt } from './components/face-analysis-prompt';
import { ButtonLink } from '@web/components/ui/button-link';

export function neededText(needed: number) {
  return `You need ${needed} more ${needed === 1 ? 'image' : 'images'} to start training (at least ${MIN_TRAINING_IMAGES} in total).`;
}

export function UploadImagesPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const model = useModel(id);
  const { user } = useUser();
  usePageTitle(model.data ? `Upload Images for ${model.data.name}` : 'Upload Images');
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();
  const [consent, setConsent] = useState(false);

  const back = (
    <ButtonLink variant="outline" to={`/models/${id}`} icon={ArrowLeft}>
      Back to Model
    </ButtonLink>
  );

  if (model.isPending)
    return <Skeleton className="h-96 w-full" aria-hidden={false} role="status" aria-label="Loading model" />;
  if (model.isError) {
    return (
      <Alert variant="destructive" className="mx-auto max-w-xl">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>Error</AlertTitle>
        <AlertDescription>
          <p>{errorMessage(model.error, 'Model not found.')}</p>
          <ButtonLink className="mt-3" variant="outline" to="/models">
            Back to Models
          </ButtonLink>
        </AlertDescription>
      </Alert>
    );
  }
  const m = model.data;
  const existing = m.imageCount ?? m.trainingImages.length;
  const room = Math.max(0, MAX_MODEL_IMAGES - existing);
  const needed = Math.max(0, MIN_TRAINING_IMAGES - existing - files.length);

  // Spec part 1 §6: only the owner adds images (an admin can open the model but not upload to it).
  const notOwner = Boolean(user && user.id !== m.userId);
  // a failed model whose photos were deleted takes new ones (decision 025)
  const open =
    m.status === 'pending' || m.status === 'uploaded' || (m.status === 'failed' && !!m.photosDeletedAt);
  const attested = Boolean(m.subjectConsentAt);
  if (notOwner || !open) {
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader title={`Upload Images for ${m.name}`} actions={back} />
        <Alert variant="warning">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>Cannot Upload Images</AlertTitle>
          <AlertDescription>
            {notOwner
              ? 'Only the owner of this model can add images.'
              : 'Images can only be added before training starts.'}
          </AlertDescription>
        </Alert>
      </div>
    );
  }

  const onUpload = async () => {
    if (files.length === 0) {
      toast({
        variant: 'destructive',
        title: 'No files selected',
        description: 'Please select at least one image to upload.',
      });
      return;
    }
    setUploading(true);
    setError(undefined);
    try {
      if (!attested) await recordSubjectConsent(id);
      const res = await uploadImages(id, files);
      refreshModelData(client, id);
      toast({
        title: 'Images uploaded',
        description: `${res.uploaded} ${res.uploaded === 1 ? 'image' : 'images'} uploaded.`,
      });
      navigate(`/models/${id}`);
    } catch (err) {
      const message = isAbort(err)
        ? 'Upload timed out. Please try again with fewer or smaller images.'
        : errorMessage(err, 'There was an error uploading your images.');
      setError(message);
      toast({ variant: 'destructive', title: 'Upload failed', description: message });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={`Upload Images for ${m.name}`}
        description={`${existing} of ${MAX_MODEL_IMAGES} images uploaded.`}
        actions={back}
      />
      <div className="grid gap-4">
        {needed > 0 ? (
          <Alert variant="warning">
            <AlertCircle aria-hidden="true" />
            <AlertTitle>More images needed</AlertTitle>
            <AlertDescription>{neededText(needed)}</AlertDescription>
          </Alert>
        ) : null}
        <FaceAnalysisPrompt />
        {error ? (
          <Alert variant="destructive">
            <AlertCircle aria-hidden="true" />
            <AlertTitle>Upload failed</AlertTitle>
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        <Card>
          <CardContent className="grid gap-4 pt-6">
            <SubjectConsentField
              checked={consent}
              onChange={setConsent}
              attestedAt={m.subjectConsentAt}
              disabled={uploading}
            />
            <ImagePicker
              files={files}
              onChange={setFiles}
              max={room}
              disabled={uploading || room === 0 || !(attested || consent)}
              hint="PNG, JPG, or WebP up to 10MB (maximum 20 images)"
            />
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => navigate(`/models/${id}`)} disabled={uploading}>
                Cancel
              </Button>
              <Button onClick={() => void onUpload()} pending={uploading}>
                {`Upload ${files.length} ${files.length === 1 ? 'Image' : 'Images'}`}
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
