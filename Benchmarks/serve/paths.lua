-- wrk script for serve-load.sh: requests the paths listed in a file (one per line) in
-- turn, and prints a RESULT line with requests per second and every kind of error.
--   wrk -s paths.lua http://127.0.0.1:8400 -- PATHS_FILE

local paths = {}
local counter = 0

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  counter = math.random(#paths)
end

function request()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1])
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    'RESULT {"tool": "stacks", "requests": %d, "seconds": %.2f, "requests_per_second": %.0f, ' ..
    '"latency_p50_ms": %.2f, "latency_p99_ms": %.2f, "latency_max_ms": %.2f, "errors": {"connect": %d, "read": %d, "write": %d, ' ..
    '"status": %d, "timeout": %d}}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    errors.connect, errors.read, errors.write, errors.status, errors.timeout))
end
