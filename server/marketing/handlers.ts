import type { RegisteredHandler } from '../http/register';
import {
  bannerFieldOptions,
  bannerUploadUrls,
  createBanner,
  deleteBanner,
  listBanners,
  reorderBanners,
} from './banners';
import { completeBannerUpload } from './complete-upload';
import { generateLink, linkFormData, listLinks, revokeLink } from './promotions';

/** The offer generator's and the banners' calls. */
export const marketingHandlers: readonly RegisteredHandler[] = [
  linkFormData,
  generateLink,
  listLinks,
  revokeLink,
  listBanners,
  bannerFieldOptions,
  bannerUploadUrls,
  completeBannerUpload,
  createBanner,
  deleteBanner,
  reorderBanners,
];
