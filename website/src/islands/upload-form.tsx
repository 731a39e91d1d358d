/** /imagenes' island: the upload form. */
export { UploadForm as default } from '../features/upload/upload-form';
