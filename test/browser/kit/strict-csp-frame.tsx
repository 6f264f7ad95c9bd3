// Runs inside the frames of strict-csp.test.tsx (one page with a strict style policy, one
// without): the real login element and a sample of the kit's pieces, with a dynamic style.
import { useState } from 'react';
import styled from 'styled-components';
import '../../../src/widgets/login/element.js';
import { Button, EmptyState, Field, Input, defineElement, space, token } from '../../../src/widgets/kit/index.js';

const Card = styled.section<{ $tone: 'calm' | 'alert' }>`
  padding: ${space(2)};
  border: 3px solid ${({ $tone }) => ($tone === 'alert' ? token('color-danger') : token('color-primary'))};
  border-radius: ${token('radius')};
  & + & {
    margin-top: ${space(1)};
  }
`;

function KitSample() {
  const [tone, setTone] = useState<'calm' | 'alert'>('calm');
  return (
    <Card $tone={tone} data-card>
      <Field label="Nome" hint="Como aparece no cartão" error="Indique o nome." required>
        {(control) => <Input {...control} defaultValue="Rita Lopes" />}
      </Field>
      <Button data-tone onClick={() => setTone(tone === 'calm' ? 'alert' : 'calm')}>
        Alternar
      </Button>{' '}
      <Button variant="secondary">Cancelar</Button> <Button variant="danger">Apagar</Button>{' '}
      <Button disabled>Guardar</Button>
      <EmptyState message="Sem quotas em dívida." />
    </Card>
  );
}

defineElement('associa-test-kit-sample', KitSample, { attributes: {} });
