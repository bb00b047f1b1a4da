#!/usr/bin/env bash
# A Slurm job array that counts PROBLEM.dlx in PARTS parts (256 by default),
# one per array task, each on one core; submit it, then merge when all tasks
# are done (each task also writes its log, exactcover-JOB_TASK.log, in the
# folder it was submitted from):
#
#   sbatch --export=ALL,PROBLEM=queens15.dlx examples/distributed/slurm-array.sh
#   exactcover merge parts/*.json
#
# For another number of parts, give the array on the command line too (it
# overrides the one below): `sbatch --array=0-63 --export=ALL,PROBLEM=...,PARTS=64`.
# The exactcover binary is $EXACTCOVER, else `exactcover` on the PATH. CI
# (.ci/run) runs this script on a one-node cluster (.ci/slurm-up.sh) and
# checks the merged count.
#SBATCH --job-name=exactcover-count
#SBATCH --array=0-255
#SBATCH --cpus-per-task=1
#SBATCH --time=01:00:00
#SBATCH --output=exactcover-%A_%a.log
set -euo pipefail
parts=${PARTS:-256}
mkdir -p parts
"${EXACTCOVER:-exactcover}" cover --count --part "${SLURM_ARRAY_TASK_ID}/${parts}" --json "${PROBLEM:?set PROBLEM}" \
    > "parts/${SLURM_ARRAY_TASK_ID}.json"
