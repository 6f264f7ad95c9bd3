import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ApiError, MESSAGES } from '../../src/core/index.js';
import { coreError } from '../../src/core/api-error.js';
import { DocumentUpload } from '../../src/widgets/shared/document-upload.js';
import { cropRect, PHOTO_RATIO } from '../../src/widgets/shared/photo-crop.js';
import { PhotoUpload } from '../../src/widgets/shared/photo-upload.js';
import { expectAccessible } from './support/axe.js';

let root: Root | null = null;
let container: HTMLElement;

afterEach(() => {
  root?.unmount();
  root = null;
  container?.remove();
});

/** A promise the test settles when it wants. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A picture as a file the user could choose. */
async function pictureFile(width: number, height: number, name = 'retrato.png'): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#336699';
  context.fillRect(0, 0, width, height);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}

function choose(input: HTMLInputElement, files: File[]) {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const button = (label: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === label)!;
const alertText = () => container.querySelector('[role="alert"]')?.textContent ?? '';

interface Sent {
  photo?: Blob;
  files?: File[];
}

/** The parts as a page uses them: its upload call reports progress, and the test decides how it ends. */
function mount(part: 'photo' | 'documents', ending: { promise: Promise<void> }, sent: Sent) {
  function Harness() {
    const [progress, setProgress] = useState<number | null>(null);
    const upload = async (run: () => void) => {
      run();
      setProgress(40);
      try {
        await ending.promise;
      } finally {
        setProgress(null);
      }
    };
    return part === 'photo' ? (
      <PhotoUpload progress={progress} upload={(photo) => upload(() => (sent.photo = photo))} />
    ) : (
      <DocumentUpload documents={[{ _id: 1, originalName: 'ata.pdf' }]} progress={progress} upload={(files) => upload(() => (sent.files = files))} remove={async () => undefined} />
    );
  }
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(<Harness />);
}

describe('the photo crop', () => {
  it('is 3:4 and inside the picture, whatever the zoom and position', () => {
    for (const [width, height] of [[1600, 900], [900, 1600], [300, 400], [1000, 1000]] as const) {
      for (const view of [{ zoom: 1, x: 0.5, y: 0.5 }, { zoom: 3, x: 0, y: 1 }, { zoom: 9, x: 2, y: -1 }]) {
        const rect = cropRect(width, height, view);
        expect(rect.sw / rect.sh).to.be.closeTo(PHOTO_RATIO, 1e-9);
        expect(rect.sx).to.be.at.least(0);
        expect(rect.sy).to.be.at.least(0);
        expect(rect.sx + rect.sw).to.be.at.most(width + 1e-9);
        expect(rect.sy + rect.sh).to.be.at.most(height + 1e-9);
      }
    }
  });
});

describe('<PhotoUpload>', () => {
  it('crops a landscape picture to 3:4, shows the progress, and sends a JPEG', async () => {
    const ending = deferred();
    const sent: Sent = {};
    mount('photo', ending, sent);
    await waitUntil(() => container.querySelector('input[type="file"]'));
    await expectAccessible(container);
    choose(container.querySelector('input[type="file"]')!, [await pictureFile(1600, 900)]);
    await waitUntil(() => container.querySelector('canvas'), 'no crop preview');
    expect(container.querySelector('canvas')!.getAttribute('aria-label')).to.equal('Pré-visualização do recorte da fotografia');
    expect([...container.querySelectorAll('label')].map((l) => l.textContent)).to.include.members(['Ampliação', 'Posição horizontal', 'Posição vertical']);
    await expectAccessible(container);

    button('Enviar fotografia').click();
    await waitUntil(() => container.querySelector('[data-upload-progress]'), 'no progress shown');
    expect(container.querySelector('[data-upload-progress]')!.textContent).to.equal('A enviar… 40%');
    expect(container.querySelector('progress')!.value).to.equal(40);
    await expectAccessible(container);
    const bitmap = await createImageBitmap(sent.photo!);
    expect(sent.photo!.type).to.equal('image/jpeg');
    expect(bitmap.width / bitmap.height).to.be.closeTo(0.75, 0.01);
    expect(bitmap.height).to.equal(900);

    ending.resolve();
    await waitUntil(() => container.textContent?.includes('Fotografia enviada.'), 'no confirmation');
    expect(container.querySelector('[data-upload-progress]')).to.equal(null);
  });

  it("says in pt-PT why the upload failed: the server's reason, or the spec's message", async () => {
    const first = deferred();
    mount('photo', first, {});
    await waitUntil(() => container.querySelector('input[type="file"]'));
    choose(container.querySelector('input[type="file"]')!, [await pictureFile(300, 400)]);
    await waitUntil(() => container.querySelector('canvas'));
    button('Enviar fotografia').click();
    // Settled once the upload has begun, as a real request is.
    await waitUntil(() => container.querySelector('[data-upload-progress]'));
    first.reject(coreError(MESSAGES.memberPhotoUploadFailed, new ApiError('status', 413, { message: 'O ficheiro é demasiado grande: o máximo são 8 MB.' })));
    await waitUntil(() => alertText() !== '', 'no error shown');
    expect(alertText()).to.equal('O ficheiro é demasiado grande: o máximo são 8 MB.');
    await expectAccessible(container);
    root!.unmount();
    container.remove();

    const second = deferred();
    mount('photo', second, {});
    await waitUntil(() => container.querySelector('input[type="file"]'));
    choose(container.querySelector('input[type="file"]')!, [await pictureFile(300, 400)]);
    await waitUntil(() => container.querySelector('canvas'));
    button('Enviar fotografia').click();
    // Settled once the upload has begun, as a real request is.
    await waitUntil(() => container.querySelector('[data-upload-progress]'));
    second.reject(coreError(MESSAGES.memberPhotoUploadFailed, new ApiError('status', 500, null)));
    await waitUntil(() => alertText() !== '', 'no error shown');
    expect(alertText()).to.equal('Não foi possível enviar a fotografia do sócio.');
  });

  it('offers deleting the current photo as a small secondary action, not a full-width red button', async () => {
    let removed = 0;
    container = document.createElement('div');
    container.style.width = '900px';
    document.body.append(container);
    root = createRoot(container);
    const picture = URL.createObjectURL(await pictureFile(300, 400));
    root.render(<PhotoUpload progress={null} currentUrl={picture} upload={async () => undefined} remove={async () => void (removed += 1)} />);
    await waitUntil(() => button('Apagar fotografia'), 'no delete');
    const remove = button('Apagar fotografia');
    const controls = remove.parentElement!;
    // As wide as its words, far narrower than the controls beside the photo, and not filled red.
    expect(remove.getBoundingClientRect().width).to.be.below(controls.getBoundingClientRect().width / 2 + 1);
    // The danger red (#b42318) is its words' colour, not its fill.
    expect(getComputedStyle(remove).backgroundColor).not.to.equal('rgb(180, 35, 24)');
    expect(getComputedStyle(remove).color).to.equal('rgb(180, 35, 24)');
    await expectAccessible(container);
    remove.click();
    await waitUntil(() => removed === 1, 'the photo was never deleted');
    URL.revokeObjectURL(picture);
  });

    it('refuses a file that is not an image before sending anything', async () => {
    const sent: Sent = {};
    mount('photo', deferred(), sent);
    await waitUntil(() => container.querySelector('input[type="file"]'));
    choose(container.querySelector('input[type="file"]')!, [new File(['%PDF-1.4'], 'retrato.pdf', { type: 'application/pdf' })]);
    await waitUntil(() => alertText() !== '');
    expect(alertText()).to.equal('Escolha uma imagem JPEG, PNG ou WEBP.');
    expect(sent.photo).to.equal(undefined);
  });
});

describe('<DocumentUpload>', () => {
  const pdf = (name: string) => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });

  it('sends the chosen PDFs with the progress, and lists what there is', async () => {
    const ending = deferred();
    const sent: Sent = {};
    mount('documents', ending, sent);
    await waitUntil(() => container.querySelector('input[type="file"]'));
    expect(container.querySelector('[data-document="1"]')!.textContent).to.contain('ata.pdf');
    await expectAccessible(container);
    choose(container.querySelector('input[type="file"]')!, [pdf('a.pdf'), pdf('b.pdf')]);
    await waitUntil(() => container.querySelector('[data-upload-progress]'), 'no progress shown');
    expect(container.querySelector('[data-upload-progress]')!.textContent).to.equal('A enviar… 40%');
    expect(sent.files!.map((f) => f.name)).to.deep.equal(['a.pdf', 'b.pdf']);
    ending.resolve();
    await waitUntil(() => container.textContent?.includes('2 documentos enviados.'));
  });

  it('refuses a file that is not a PDF, naming it, and sends nothing', async () => {
    const sent: Sent = {};
    mount('documents', deferred(), sent);
    await waitUntil(() => container.querySelector('input[type="file"]'));
    choose(container.querySelector('input[type="file"]')!, [pdf('a.pdf'), new File(['olá'], 'notas.txt', { type: 'text/plain' })]);
    await waitUntil(() => alertText() !== '');
    expect(alertText()).to.equal('«notas.txt» não é um PDF.');
    expect(sent.files).to.equal(undefined);
    await expectAccessible(container);
  });
});
