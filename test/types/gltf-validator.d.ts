// The part of the Khronos glTF-Validator's JavaScript API the tests use; the package ships no types.
declare module 'gltf-validator' {
  interface Report {
    issues: { numErrors: number; numWarnings: number; messages: { code: string; message: string; severity: number; pointer?: string }[] };
    info: { totalTriangleCount?: number; drawCallCount?: number };
  }
  const validator: { validateBytes(data: Uint8Array, options?: Record<string, unknown>): Promise<Report> };
  export default validator;
}
