#!/usr/bin/env bash
# Starts a one-node Slurm cluster on this machine (Debian's munge, slurmctld
# and slurmd, configured for localhost, every core one CPU), for .ci/run to
# run the Slurm recipe of docs/distributed.md for real. Installs the
# packages when missing; does nothing more when the cluster is up already.
# Needs root, as CI has.
set -eu
if ! command -v slurmctld > /dev/null || ! command -v munged > /dev/null; then
    apt-get install -y slurm-wlm munge > /dev/null 2>&1 ||
        { apt-get update > /dev/null && apt-get install -y slurm-wlm munge > /dev/null; }
fi
host=$(hostname -s)
cpus=$(nproc)
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge /var/lib/munge /var/log/munge
[ -s /etc/munge/munge.key ] || { mkdir -p /etc/munge; dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 2>/dev/null; }
chown -R munge:munge /etc/munge /run/munge /var/lib/munge /var/log/munge 2>/dev/null || true
chmod 400 /etc/munge/munge.key
pgrep -x munged >/dev/null || runuser -u munge -- munged
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=ci
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ReturnToService=2
SchedulerType=sched/builtin
MessageTimeout=30
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=ci Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd
for i in $(seq 30); do sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed|allocated)' && break; sleep 1; done
sinfo -h -o %T | grep -qE '^(idle|mixed|allocated)' || {
    echo "slurm-up: the node did not come up; see /var/log/slurm/" >&2
    exit 1
}
