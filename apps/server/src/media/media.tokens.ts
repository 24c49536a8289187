/** The image host's keys and addresses (image-host.ts) and the embedded host's file store. */
export const IMAGE_HOST = Symbol('IMAGE_HOST');
export const IMAGE_STORE = Symbol('IMAGE_STORE');
