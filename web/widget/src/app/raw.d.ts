// CSS imported as text (app.build.mjs minifies it into the chunk; the tests read the file).
declare module "*.css?raw" {
  const css: string;
  export default css;
}
