import { describe, expect, it } from 'vitest';
import { bucketUploadId } from '../../views/operations-center/upload-file';

describe('bucketUploadId: which upload URLs need the complete call', () => {
  const id = '0b9c5a53-4d0e-4a51-9a0c-1b2c3d4e5f60';

  it('reads the upload id of a presigned bucket URL, path-style or virtual-hosted', () => {
    const query = '?X-Amz-Expires=900&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=abc';
    expect(bucketUploadId(`http://127.0.0.1:9000/loupe/incoming/${id}${query}`)).toBe(id);
    expect(bucketUploadId(`https://loupe.s3.eu-west-1.amazonaws.com/incoming/${id}${query}`)).toBe(id);
  });

  it('answers null for the server’s own upload URL, whose PUT already stores the file', () => {
    expect(bucketUploadId(`http://localhost:8080/uploads/${id}?expires=1&signature=x`)).toBeNull();
    expect(bucketUploadId(`/uploads/${id}?expires=1&signature=x`)).toBeNull();
  });

  it('answers null for anything else: another folder, a longer path, not an id', () => {
    expect(bucketUploadId(`https://b.example.com/banners/${id}`)).toBeNull();
    expect(bucketUploadId(`https://b.example.com/incoming/${id}/x`)).toBeNull();
    expect(bucketUploadId('https://b.example.com/incoming/not-an-id')).toBeNull();
  });
});
