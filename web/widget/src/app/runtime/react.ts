// What the app imports from "react" in the embed build (app.build.mjs maps "react" here): the hooks
// of Beckon's own renderer (this folder), which implements what the app uses of React and nothing
// more. Types still come from @types/react; the tests run the same components on real React.
export { useEffect, useLayoutEffect, useReducer, useRef, useState } from "./hooks";
