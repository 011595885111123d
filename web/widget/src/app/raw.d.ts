// CSS imported as text (see styles.ts).
declare module "*.css?raw" {
  const css: string;
  export default css;
}
