import { defineNavigation } from '../define';

/** Files are chosen in the Banners tab's upload panel (a browser file picker; the palette has no file field). */
export default defineNavigation({
  id: 'banner.upload',
  title: 'Upload banner images',
  group: 'Operations',
  permission: 'banner_management',
  target: 'none',
  keywords: ['banner', 'upload', 'image', 'picture', 'photo'],
  path: () => '/operations-center/banners?upload=1',
});
