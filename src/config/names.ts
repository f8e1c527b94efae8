// The file name the census looks for in a monitor's root.
export const CONFIG_FILE_NAME = "payload-census.config.json";
