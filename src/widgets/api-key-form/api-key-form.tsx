import { useState } from 'react';
import { RESOURCE } from '../../core/index.js';
import { useElementEvents } from '../kit/index.js';
import type { ApiSecret } from '../feature-kit/api-secrets.js';
import { useNavigate } from '../feature-kit/navigation.js';
import { PATHS } from '../feature-kit/paths.js';
import { CreateForm } from './create-form.js';
import { EditForm } from './edit-form.js';
import { SecretPanel } from './secret-panel.js';

export interface ApiKeyFormProps {
  /** An existing key's id (/apiSecrets/{id}); absent to create one (/apiSecrets/new). */
  recordId?: string;
}

/**
 * Creates an API key and shows its secret once, or edits an existing key (name, revocation).
 * The secret lives only in this component's state: gone once the user is done or leaves.
 */
export function ApiKeyForm({ recordId }: ApiKeyFormProps) {
  const dispatch = useElementEvents();
  const navigate = useNavigate();
  const [created, setCreated] = useState<ApiSecret | null>(null);
  const [createdId, setCreatedId] = useState<string | null>(null);

  if (created?.secret) {
    return (
      <SecretPanel
        name={created.name}
        secret={created.secret}
        onDone={() => {
          const id = String(created._id);
          setCreated(null);
          // Without a router the element shows the new key's page itself (never its secret).
          if (!navigate(PATHS.developers)) setCreatedId(id);
        }}
      />
    );
  }
  const editing = recordId || createdId;
  if (editing) return <EditForm key={editing} recordId={editing} />;
  return (
    <CreateForm
      onCreated={(key) => {
        setCreated(key);
        dispatch('associa-saved', { resource: RESOURCE.apiSecrets, id: String(key._id) });
      }}
    />
  );
}
