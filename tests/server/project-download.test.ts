import { beforeAll, expect, it } from 'vitest';
import { fromBuffer, type ZipFile } from 'yauzl';
import { api } from '../../domain/api';
import { samplePng, samplePngSize } from '../../server/projects/sample-images';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertProject } from './support/profiles';
import { type Client, useTestApi } from './support/test-api';

interface Entry {
  name: string;
  size: number;
  data: Buffer;
}

/** Opens a ZIP with yauzl and reads every entry (names, sizes, bytes). */
function unzip(buffer: Buffer): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error);
      const entries: Entry[] = [];
      zip.on('entry', (entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, size: entry.uncompressedSize, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describeEachBackend('project download: a signed, expiring link to a streamed ZIP of the photos', (backend) => {
  const t = useTestApi(backend);
  let pl2: Client;
  beforeAll(async () => {
    pl2 = await t.api.signIn('SUPPORT_PL2');
  });

  it('links to a ZIP that opens and lists the project’s photos, each a real PNG, its length known up front', async () => {
    const customer = await insertCustomer(t.api.db);
    const project = await insertProject(t.api.db, customer.id, {
      name: 'Smith wedding',
      status: 'READY',
      editsSent: 3,
    });
    const link = await pl2.post(api.projects.download, { project_id: project.id });
    expect(link.status).toBe(200);
    expect(link.json).toMatchObject({ filename: `smith-wedding-${project.id}.zip`, files: 3 });
    const response = await t.api.inject({ method: 'GET', url: link.json.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(Number(response.headers['content-length'])).toBe(link.json.bytes);
    expect(response.rawPayload.length).toBe(link.json.bytes);
    const entries = await unzip(response.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      'smith-wedding/IMG_0001.png',
      'smith-wedding/IMG_0002.png',
      'smith-wedding/IMG_0003.png',
    ]);
    for (const [index, entry] of entries.entries()) {
      expect(entry.size).toBe(samplePngSize);
      expect(entry.data.equals(samplePng(project.id, index))).toBe(true);
      expect(entry.data.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('streams a large project (1,500 photos) whole', async () => {
    const customer = await insertCustomer(t.api.db);
    const project = await insertProject(t.api.db, customer.id, { status: 'DOWNLOADED', editsSent: 1500 });
    const link = await pl2.post(api.projects.download, { project_id: project.id });
    const response = await t.api.inject({ method: 'GET', url: link.json.url });
    expect(response.rawPayload.length).toBe(link.json.bytes);
    const entries = await unzip(response.rawPayload);
    expect(entries).toHaveLength(1500);
    expect(entries[1499]?.name).toMatch(/IMG_1500\.png$/);
  });

  it('refuses a tampered or expired link (403), a project not delivered (409) and another kind (404)', async () => {
    const customer = await insertCustomer(t.api.db);
    const project = await insertProject(t.api.db, customer.id, { status: 'READY', editsSent: 2 });
    const link = await pl2.post(api.projects.download, { project_id: project.id });
    const url = new URL(link.json.url, 'http://localhost');
    const other = await insertProject(t.api.db, customer.id, { status: 'READY', editsSent: 2 });
    const moved = await t.api.inject({
      method: 'GET',
      url: `${url.pathname.replace(String(project.id), String(other.id))}${url.search}`,
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json()).toMatchObject({ code: 'download_link_invalid' });
    url.searchParams.set('expires', '1700000000');
    const late = await t.api.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(late.json()).toMatchObject({ code: 'download_link_invalid' });
    const waiting = await insertProject(t.api.db, customer.id, { status: 'UPLOADED' });
    expect((await pl2.post(api.projects.download, { project_id: waiting.id })).status).toBe(409);
    const video = await insertProject(t.api.db, customer.id, {
      kind: 'VIDEO',
      projectType: null,
      status: 'READY',
      durationMinutes: 1,
      numberOfClips: 1,
    });
    expect((await pl2.post(api.projects.download, { project_id: video.id })).status).toBe(404);
  });
});
