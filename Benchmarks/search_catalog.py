#!/usr/bin/env python3
"""A command reference shaped like tldr-pages, to measure the site search on (search_compare.py).

    Benchmarks/search_catalog.py OUT [--pages 10000] [--seed 42]

Writes OUT/<platform>/<name>.md: platform folders as in tldr-pages (common about 60 %, linux,
osx, windows, android, the BSDs, ...), each page as tldr writes one, with no front matter:

    # docker build

    > Build an image from a Dockerfile.
    > More information: <https://docs.docker.com/reference/cli/docker/build/>.

    - Build an image from the Dockerfile in the current directory:

    `docker build {{path/to/directory}}`

Three kinds of page:

- Hand-written pages (HEROES): the pages search_queries.json expects, and the ones a person would
  weigh against them (`zip`, `unzip` and `cpio` beside `tar` for "archive"). Their words are
  what the queries test: exact names among prefixed ones (`ls` beside `lsblk`, `lsof`), words in
  the body of one page only (`watermark` in `magick`), description words in another form than
  the query's (`tar`: "Archiving utility." for "archive").
- Families of sub-commands (`docker` and ~150 `docker-xxx` pages titled "docker xxx", `git`,
  `kubectl`, `npm`, `az`, `aws`, `gh`, ...): the names that stand around the exact ones.
- Other commands, up to --pages: made-up names, descriptions and examples drawn from a
  vocabulary of a few hundred words (verbs in all their forms, objects, qualifiers), most common
  first, so that a query word matches a realistic share of the pages and not all of them.

The stems of the inflected queries (archive, compress, download, mount, ...) are in every form
in the bodies of generated pages but never in their descriptions: the pages that say them in
their description are hand-written, so each inflected query has one answer a person would pick
among a few. The body-only words of the queries are in no vocabulary here.

The hand-written pages and the families' roots are always written, so a small --pages still
gives a few hundred pages. The same seed and --pages always write the same catalog.
Python 3 standard library only.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import os
import random
import shutil
import sys

# --------------------------------------------------------------------------
# Hand-written pages: "@@ platform/name" then the page as it is written.

HEROES = r"""
@@ common/tar
# tar

> Archiving utility.
> Often combined with a compression method, such as `gzip` or `bzip2`.
> More information: <https://www.gnu.org/software/tar/manual/tar.html>.

- Create an archive and write it to a file:

`tar cf {{path/to/target.tar}} {{path/to/file1 path/to/file2 ...}}`

- Create a gzipped archive and write it to a file:

`tar czf {{path/to/target.tar.gz}} {{path/to/file1 path/to/file2 ...}}`

- Extract an archive file into the current directory, listing each file:

`tar xvf {{path/to/source.tar[.gz|.bz2|.xz]}}`

- Extract an archive into a target directory:

`tar xf {{path/to/source.tar}} --directory {{path/to/directory}}`

- List the contents of a tar file:

`tar tvf {{path/to/source.tar}}`

- Extract the files matching a pattern from an archive:

`tar xf {{path/to/source.tar}} --wildcards "{{*.html}}"`

@@ common/zip
# zip

> Package and compress (archive) files into a zip file.
> See also: `unzip`.
> More information: <https://manned.org/zip>.

- Add files or directories to an archive, recursively:

`zip -r {{path/to/file.zip}} {{path/to/file_or_directory1 path/to/file_or_directory2 ...}}`

- Remove files from an archive:

`zip -d {{path/to/file.zip}} {{path/to/file_in_archive}}`

- Archive a directory, leaving some files out:

`zip -r {{path/to/file.zip}} {{path/to/directory}} -x {{path/to/excluded_files}}`

- Protect the contents with a password:

`zip -r -e {{path/to/file.zip}} {{path/to/directory}}`

- Split the archive into parts of 3 GB:

`zip -s 3g -r {{path/to/file.zip}} {{path/to/directory}}`

@@ common/unzip
# unzip

> Extract files and directories from ZIP archives.
> See also: `zip`.
> More information: <https://manned.org/unzip>.

- Extract the files into the current directory:

`unzip {{path/to/file.zip}}`

- Extract the files into a given directory:

`unzip {{path/to/file.zip}} -d {{path/to/output}}`

- List the contents of an archive without unpacking it:

`unzip -l {{path/to/file.zip}}`

- Extract one file, without its folders:

`unzip -j {{path/to/file.zip}} {{path/to/file_in_archive}}`

- Print a file of the archive to standard output:

`unzip -p {{path/to/file.zip}} {{path/to/file_in_archive}}`

@@ common/cpio
# cpio

> Copies files in and out of archives.
> Reads the list of files to copy from standard input.
> More information: <https://www.gnu.org/software/cpio/manual/cpio.html>.

- Take a list of file names from standard input and add them to a new archive:

`ls | cpio -ov > {{path/to/file.cpio}}`

- Copy every file and directory under the current one into an archive:

`find . | cpio -ov > {{path/to/file.cpio}}`

- Unpack an archive into the current directory, making the directories it needs:

`cpio -idv < {{path/to/file.cpio}}`

@@ common/gzip
# gzip

> Compress or decompress files using the gzip format.
> See also: `zcat`, `xz`.
> More information: <https://www.gnu.org/software/gzip/manual/gzip.html>.

- Compress a file, replacing it with a `gzip` version:

`gzip {{path/to/file}}`

- Decompress a file, replacing it with the original:

`gzip -d {{path/to/file.gz}}`

- Keep the original file:

`gzip -k {{path/to/file}}`

- Write the result to another file:

`gzip -c {{path/to/file}} > {{path/to/file.gz}}`

- Use the best but slowest level:

`gzip -9 {{path/to/file}}`

- Show the name and the space saved for each file:

`gzip -v {{path/to/file}}`

@@ common/compress
# compress

> Compress files with the classic Unix Lempel-Ziv coding.
> More information: <https://manned.org/compress.1>.

- Compress some files:

`compress {{path/to/file1 path/to/file2 ...}}`

- Replace the files even when that saves no space:

`compress -f {{path/to/file1 path/to/file2 ...}}`

- Set the largest number of bits per code (9 to 16):

`compress -b {{bits}} {{path/to/file}}`

- Write to standard output and keep the original file:

`compress -c {{path/to/file}}`

- Restore a `.Z` file:

`compress -d {{path/to/file.Z}}`

- Show how much space was saved:

`compress -v {{path/to/file}}`

@@ common/zcat
# zcat

> Print the contents of compressed files without unpacking them.
> More information: <https://www.gnu.org/software/gzip/manual/gzip.html>.

- Print a `gzip` file:

`zcat {{path/to/file.gz}}`

- Print information about the file:

`zcat -l {{path/to/file.gz}}`

- Print several files one after another:

`zcat {{path/to/file1.gz path/to/file2.gz ...}}`

@@ common/xz
# xz

> Compress or decompress `.xz` and `.lzma` files.
> More information: <https://manned.org/xz>.

- Compress a file:

`xz {{path/to/file}}`

- Decompress a file:

`xz -d {{path/to/file.xz}}`

- Use the highest preset level:

`xz -9 {{path/to/file}}`

- Keep the input file:

`xz -k {{path/to/file}}`

- Use one thread per core:

`xz -T 0 {{path/to/file}}`

@@ common/wget
# wget

> Download files from the Web.
> Supports HTTP, HTTPS, and FTP.
> More information: <https://www.gnu.org/software/wget/manual/wget.html>.

- Save the contents of a URL to a file named like its last part:

`wget {{https://example.com/foo}}`

- Save the contents of a URL to a file of another name:

`wget --output-document {{bar}} {{https://example.com/foo}}`

- Save a web page with its images and styles, waiting 3 seconds between requests:

`wget --page-requisites --convert-links --wait=3 {{https://example.com/page.html}}`

- Mirror a directory of a site and the directories under it:

`wget --mirror --no-parent {{https://example.com/path/}}`

- Limit the speed and the number of tries:

`wget --limit-rate={{300k}} --tries={{100}} {{https://example.com/path/}}`

- Continue a transfer that was cut off:

`wget -c {{https://example.com/file.iso}}`

@@ common/curl
# curl

> Transfer data from or to a server.
> Supports most protocols, including HTTP, HTTPS, FTP and SCP.
> More information: <https://curl.se/docs/manpage.html>.

- Make an HTTP GET request and print the response:

`curl {{https://example.com}}`

- Save the response to a file named like the URL:

`curl -O {{https://example.com/file.zip}}`

- Follow redirects and show the response headers:

`curl -L -i {{https://example.com}}`

- Send form data in a POST request:

`curl -X POST -d '{{name=value}}' {{https://example.com/form}}`

- Send JSON with its content type:

`curl -H 'Content-Type: application/json' -d '{{data}}' {{https://example.com/api}}`

- Resume a transfer that was cut off:

`curl -C - -O {{https://example.com/file.zip}}`

@@ common/aria2c
# aria2c

> Fast download utility.
> Supports HTTP(S), FTP, SFTP, BitTorrent and Metalink.
> More information: <https://aria2.github.io/manual/en/html/aria2c.html>.

- Fetch a URI to a file:

`aria2c "{{url}}"`

- Fetch one file from several sources at once:

`aria2c "{{url1}}" "{{url2}}"`

- Fetch the URIs listed in a file, two at a time:

`aria2c --input-file {{path/to/file}} --max-concurrent-downloads 2`

- Open 4 connections per host:

`aria2c --max-connection-per-server 4 "{{url}}"`

- Limit the speed:

`aria2c --max-download-limit {{1M}} "{{url}}"`

@@ common/cp
# cp

> Copy files and directories.
> More information: <https://www.gnu.org/software/coreutils/cp>.

- Copy a file to another location:

`cp {{path/to/source_file}} {{path/to/target_file}}`

- Copy a file into a directory, keeping its name:

`cp {{path/to/source_file}} {{path/to/target_directory}}`

- Copy a directory and everything in it:

`cp -r {{path/to/source_directory}} {{path/to/target_directory}}`

- Show each file as it is copied:

`cp -vr {{path/to/source_directory}} {{path/to/target_directory}}`

- Ask before overwriting a file:

`cp -i {{path/to/source_file}} {{path/to/target_file}}`

- Keep the owner, mode and times of the copies:

`cp -a {{path/to/source_directory}} {{path/to/target_directory}}`

@@ common/mv
# mv

> Move or rename files and directories.
> More information: <https://www.gnu.org/software/coreutils/mv>.

- Give a file or directory another name:

`mv {{path/to/source}} {{path/to/target}}`

- Move a file or directory into another directory:

`mv {{path/to/source}} {{path/to/existing_directory}}`

- Never overwrite a file that exists:

`mv -n {{path/to/source}} {{path/to/target}}`

- Ask before overwriting a file:

`mv -i {{path/to/source}} {{path/to/target}}`

- Show each file as it is moved:

`mv -v {{path/to/source}} {{path/to/target}}`

@@ common/ls
# ls

> List directory contents.
> More information: <https://www.gnu.org/software/coreutils/ls>.

- List files one per line:

`ls -1`

- List all files, hidden ones included:

`ls -a`

- Long listing with sizes in a readable form:

`ls -lh`

- Long listing sorted by size, largest first:

`ls -lS`

- List files by modification time, newest first:

`ls -lt`

- List only the directories:

`ls -d */`

@@ common/lsof
# lsof

> Lists open files and the processes that hold them.
> More information: <https://manned.org/lsof>.

- Find the processes that have a file open:

`lsof {{path/to/file}}`

- Find the process that listens on a local TCP port:

`lsof -i :{{port}}`

- List the files a process has open:

`lsof -p {{pid}}`

- List the files a user has open:

`lsof -u {{username}}`

@@ common/cat
# cat

> Print and concatenate files.
> More information: <https://www.gnu.org/software/coreutils/cat>.

- Print the contents of a file:

`cat {{path/to/file}}`

- Concatenate several files into one:

`cat {{path/to/file1 path/to/file2 ...}} > {{path/to/output_file}}`

- Append several files to a file:

`cat {{path/to/file1 path/to/file2 ...}} >> {{path/to/output_file}}`

- Number all output lines:

`cat -n {{path/to/file}}`

- Show tabs and other non-printing characters:

`cat -vt {{path/to/file}}`

@@ common/ln
# ln

> Create links to files and directories.
> More information: <https://www.gnu.org/software/coreutils/ln>.

- Create a symbolic link to a file or directory:

`ln -s {{/path/to/file_or_directory}} {{path/to/link}}`

- Overwrite an existing symlink to point to another file:

`ln -sf {{/path/to/new_file}} {{path/to/link}}`

- Create a hard link to a file:

`ln {{/path/to/file}} {{path/to/link}}`

@@ common/dd
# dd

> Convert and copy a file.
> More information: <https://www.gnu.org/software/coreutils/dd>.

- Make a bootable USB drive from an isohybrid file and show the progress:

`dd if={{path/to/file.iso}} of={{/dev/usb_drive}} status=progress`

- Clone a drive to another drive with a 4 MiB block size, flushing writes:

`dd bs=4M conv=fsync if={{/dev/source_drive}} of={{/dev/dest_drive}}`

- Write a file of a given number of random bytes:

`dd bs={{100}} count={{1}} if=/dev/urandom of={{path/to/random_file}}`

- Measure the write speed of a disk:

`dd bs={{1M}} count={{1024}} if=/dev/zero of={{path/to/file_1GB}}`

- Save an image of a whole drive into a file:

`dd if={{/dev/drive_device}} of={{path/to/file.img}}`

@@ common/du
# du

> Disk usage: estimate and summarize the space taken by files and directories.
> More information: <https://www.gnu.org/software/coreutils/du>.

- List the sizes of a directory and the directories in it, in a given unit:

`du -{{k|m}} {{path/to/directory}}`

- Show the sizes in readable units:

`du -h {{path/to/directory}}`

- Show only the total size of a directory:

`du -sh {{path/to/directory}}`

- Show the size of each file and directory down to a given depth:

`du -ah --max-depth {{1}} {{path/to/directory}}`

@@ common/df
# df

> Display an overview of the free and used space of file systems.
> More information: <https://www.gnu.org/software/coreutils/df>.

- Show every file system and its disk space:

`df`

- Use readable units:

`df -h`

- Show the file system that holds a file or directory:

`df {{path/to/file_or_directory}}`

- Show the type of each file system:

`df -T`

@@ common/find
# find

> Find files or directories under a directory tree, recursively.
> More information: <https://manned.org/find>.

- Find files by extension:

`find {{root_path}} -name '{{*.ext}}'`

- Find files whose path matches one of several patterns:

`find {{root_path}} -path '{{**/path/**/*.ext}}' -or -name '{{*pattern*}}'`

- Find directories by name, ignoring case:

`find {{root_path}} -type d -iname '{{*lib*}}'`

- Find files changed in the last 7 days:

`find {{root_path}} -mtime -7`

- Find empty files and directories:

`find {{root_path}} -empty`

- Run a command on each file found:

`find {{root_path}} -name '{{*.ext}}' -exec {{wc -l}} {} \;`

@@ common/sort
# sort

> Sort the lines of text files.
> More information: <https://www.gnu.org/software/coreutils/sort>.

- Put the lines of a file in ascending order:

`sort {{path/to/file}}`

- Put the lines in descending order:

`sort --reverse {{path/to/file}}`

- Ignore case:

`sort --ignore-case {{path/to/file}}`

- Order numbers by value rather than as text:

`sort --numeric-sort {{path/to/file}}`

- Order `/etc/passwd` by its third field, numerically:

`sort -t : -k 3n /etc/passwd`

- Keep one line of each run of equal lines:

`sort --unique {{path/to/file}}`

@@ common/wc
# wc

> Count lines, words, and bytes.
> More information: <https://www.gnu.org/software/coreutils/wc>.

- Print the number of lines of a file:

`wc -l {{path/to/file}}`

- Print the number of words of a file:

`wc -w {{path/to/file}}`

- Print the number of bytes of a file:

`wc -c {{path/to/file}}`

- Print the number of characters, multi-byte ones as one:

`wc -m {{path/to/file}}`

- Print the length of the longest line:

`wc -L {{path/to/file}}`

@@ common/kill
# kill

> Send a signal to a process, usually to stop the process.
> Every signal but SIGKILL and SIGSTOP can be caught by the process, to exit cleanly.
> More information: <https://manned.org/kill>.

- End a program with the default signal, SIGTERM:

`kill {{process_id}}`

- List the names of the signals:

`kill -l`

- End a program with the hang-up signal:

`kill -{{1|HUP}} {{process_id}}`

- Force a program that does not answer to stop:

`kill -{{9|KILL}} {{process_id}}`

- Pause a program until it gets SIGCONT:

`kill -{{17|STOP}} {{process_id}}`

@@ common/pkill
# pkill

> Signal processes by name.
> Mostly used to stop processes.
> More information: <https://manned.org/pkill>.

- Stop every process whose name matches:

`pkill "{{process_name}}"`

- Stop every process whose command line matches:

`pkill -f "{{process_name}}"`

- Send SIGHUP to the processes of a user:

`pkill -HUP -u {{username}}`

@@ common/killall
# killall

> Send a signal to every process with a given name.
> More information: <https://manned.org/killall>.

- Stop every process of a name:

`killall {{process_name}}`

- Ask before stopping each one:

`killall -i {{process_name}}`

- Send SIGINT instead of SIGTERM:

`killall -INT {{process_name}}`

@@ common/nmap
# nmap

> Network exploration tool and port scanner.
> More information: <https://nmap.org/book/man.html>.

- Check whether a host is up and guess its operating system:

`nmap -A {{address_or_addresses}}`

- Try the most common 1000 ports of a host:

`nmap {{address_or_addresses}}`

- Try a list of ports:

`nmap -p {{port1,port2,...}} {{address_or_addresses}}`

- Find the hosts that are up on a network, without trying ports:

`nmap -sn {{192.168.0.1/24}}`

- Detect the versions of the services behind open ports:

`nmap -sV {{address_or_addresses}}`

@@ common/crontab
# crontab

> Schedule cron jobs to run at a time interval for the current user.
> More information: <https://manned.org/crontab>.

- Edit the crontab file of the current user:

`crontab -e`

- Edit the crontab file of another user:

`sudo crontab -e -u {{user}}`

- Replace the current crontab with a file:

`crontab {{path/to/file}}`

- View the jobs set up for the current user:

`crontab -l`

- Remove every job of the current user:

`crontab -r`

- A line that runs a command at 10:00 every day (`*` means any value):

`0 10 * * * {{command_to_execute}}`

@@ common/gpg
# gpg

> GNU Privacy Guard, an OpenPGP encryption and signing tool.
> More information: <https://gnupg.org/documentation/manuals/gnupg/>.

- Create a public and private key interactively:

`gpg --full-generate-key`

- Sign a file without encryption:

`gpg --clearsign {{path/to/file.txt}}`

- Encrypt a file for a recipient:

`gpg --encrypt --recipient {{alice@example.com}} {{path/to/file.txt}}`

- Encrypt a file with a password only:

`gpg --symmetric {{path/to/file.txt}}`

- Decrypt a file:

`gpg --decrypt {{path/to/file.txt.gpg}}`

- Import a public key:

`gpg --import {{path/to/public_key.gpg}}`

@@ common/age
# age

> A simple, modern and secure file encryption tool.
> More information: <https://github.com/FiloSottile/age>.

- Protect a file with a password, writing the result to another file:

`age --passphrase --output {{path/to/file.age}} {{path/to/file}}`

- Protect a file for one or more public keys:

`age --recipient {{public_key}} --output {{path/to/file.age}} {{path/to/file}}`

- Open a protected file with a key:

`age --decrypt --identity {{path/to/key.txt}} --output {{path/to/file}} {{path/to/file.age}}`

@@ common/rsync
# rsync

> Synchronize files and directories, locally or with a remote host over SSH.
> More information: <https://download.samba.org/pub/rsync/rsync.1>.

- Transfer a file:

`rsync {{path/to/source}} {{path/to/destination}}`

- Use archive mode (directories recursively, links, permissions and times kept):

`rsync -a {{path/to/source}} {{path/to/destination}}`

- Compress the data in transit and show the progress:

`rsync -zP {{path/to/source}} {{path/to/destination}}`

- Copy a directory from a remote host:

`rsync -r {{remote_host}}:{{path/to/source}} {{path/to/destination}}`

- Delete the files at the destination that the source no longer has:

`rsync -a --delete {{path/to/source}}/ {{path/to/destination}}`

- Go through SSH on another port:

`rsync -e 'ssh -p {{port}}' {{path/to/source}} {{remote_host}}:{{path/to/destination}}`

@@ common/trans
# trans

> Translate Shell: a command-line translator backed by online services.
> More information: <https://github.com/soimort/translate-shell>.

- Translate a word into the language of the current locale:

`trans "{{word}}"`

- Translate a word into French:

`trans :fr "{{word}}"`

- Translate a sentence from German into English:

`trans de:en "{{sentence}}"`

- Show only the translation:

`trans -brief "{{word}}"`

- Start an interactive shell:

`trans -shell`

@@ common/restic
# restic

> A fast and secure backup program.
> More information: <https://restic.readthedocs.io/>.

- Set up a repository in a local directory:

`restic init --repo {{path/to/repository}}`

- Save a directory to the repository:

`restic --repo {{path/to/repository}} backup {{path/to/directory}}`

- Show the snapshots in the repository:

`restic --repo {{path/to/repository}} snapshots`

- Restore a snapshot into a directory:

`restic --repo {{path/to/repository}} restore {{latest}} --target {{path/to/target}}`

- Forget the snapshots beyond the last 7 days:

`restic --repo {{path/to/repository}} forget --keep-daily 7 --prune`

@@ common/borg
# borg

> Deduplicating backup tool.
> Creates local or remote backups that can be mounted as a filesystem.
> More information: <https://borgbackup.readthedocs.io/>.

- Set up a repository in a local directory:

`borg init {{path/to/repo_directory}}`

- Save a directory into the repository, naming it after today:

`borg create {{path/to/repo_directory}}::{{Monday}} {{path/to/source_directory}}`

- List what the repository holds:

`borg list {{path/to/repo_directory}}`

- Restore a directory from the repository:

`borg extract {{path/to/repo_directory}}::{{Monday}} {{path/to/target_directory}}`

@@ common/magick
# magick

> Create, edit, compose, or convert between image formats.
> ImageMagick 7 and later; earlier versions called it `convert`.
> More information: <https://imagemagick.org/script/magick.php>.

- Convert an image to another format:

`magick {{path/to/input.png}} {{path/to/output.jpg}}`

- Resize an image to half its size, keeping the original:

`magick {{path/to/input.png}} -resize 50% {{path/to/output.png}}`

- Make an animated GIF of every JPEG image in the current directory:

`magick {{*.jpg}} {{path/to/images.gif}}`

- Add a watermark to the lower right corner of an image:

`magick {{path/to/input.png}} {{path/to/mark.png}} -gravity southeast -composite {{path/to/output.png}}`

- Make a PDF of every JPEG image in the current directory:

`magick {{*.jpg}} -adjoin {{path/to/file.pdf}}`

@@ common/ffmpeg
# ffmpeg

> Video conversion tool.
> More information: <https://ffmpeg.org/ffmpeg.html>.

- Take the sound of a video and save it as MP3:

`ffmpeg -i {{path/to/video.mp4}} -vn {{path/to/sound.mp3}}`

- Convert a video from one format to another:

`ffmpeg -i {{path/to/input.avi}} {{path/to/output.mp4}}`

- Burn subtitles into a video:

`ffmpeg -i {{path/to/video.mp4}} -vf subtitles={{path/to/file.srt}} {{path/to/output.mp4}}`

- Cut a video from a start time to an end time:

`ffmpeg -ss {{mm:ss}} -to {{mm2:ss2}} -i {{path/to/input.mp4}} -codec copy {{path/to/output.mp4}}`

- Make an animated GIF of a video, 480 pixels wide at 10 frames per second:

`ffmpeg -i {{path/to/video.mp4}} -vf 'fps=10,scale=480:-1' {{path/to/output.gif}}`

@@ common/ssh
# ssh

> Secure Shell: a protocol to log in to remote systems and run commands on them.
> More information: <https://man.openbsd.org/ssh>.

- Connect to a remote server:

`ssh {{username}}@{{remote_host}}`

- Connect with a given identity (private key):

`ssh -i {{path/to/key_file}} {{username}}@{{remote_host}}`

- Connect on a given port:

`ssh {{username}}@{{remote_host}} -p {{2222}}`

- Run a command on a remote server:

`ssh {{remote_host}} {{command}}`

- Forward a local port to a remote one (tunneling):

`ssh -L {{local_port}}:{{remote_host}}:{{remote_port}} {{username}}@{{ssh_host}}`

- Connect through a jump host:

`ssh -J {{username}}@{{jump_host}} {{username}}@{{remote_host}}`

@@ common/ssh-keygen
# ssh-keygen

> Generate SSH keys for authentication, logins without a password, and more.
> More information: <https://man.openbsd.org/ssh-keygen>.

- Generate a key interactively:

`ssh-keygen`

- Generate an ed25519 key with 100 derivation rounds into a given file:

`ssh-keygen -t ed25519 -a 100 -f {{~/.ssh/filename}}`

- Change the passphrase of a private key:

`ssh-keygen -p -f {{~/.ssh/filename}}`

- Print the fingerprint of a key in MD5 hex:

`ssh-keygen -l -E md5 -f {{~/.ssh/filename}}`

- Remove the keys of a host from the known_hosts file:

`ssh-keygen -R {{remote_host}}`

@@ common/ssh-add
# ssh-add

> Add private keys to the SSH agent.
> More information: <https://man.openbsd.org/ssh-add>.

- Add the default keys in `~/.ssh` to the agent:

`ssh-add`

- Add a given key to the agent:

`ssh-add {{path/to/private_key}}`

- List the keys the agent holds:

`ssh-add -l`

@@ common/ssh-copy-id
# ssh-copy-id

> Install your public key in the authorized_keys of a remote machine.
> More information: <https://manned.org/ssh-copy-id>.

- Copy your keys to the remote machine:

`ssh-copy-id {{username}}@{{remote_host}}`

- Copy a given public key:

`ssh-copy-id -i {{path/to/certificate}} {{username}}@{{remote_host}}`

@@ common/sshfs
# sshfs

> Filesystem client based on SSH.
> More information: <https://github.com/libfuse/sshfs>.

- Mount a remote directory:

`sshfs {{username}}@{{remote_host}}:{{remote_directory}} {{mountpoint}}`

- Unmount it:

`umount {{mountpoint}}`

@@ common/make
# make

> Task runner for the targets described in a Makefile.
> More information: <https://www.gnu.org/software/make/manual/make.html>.

- Make the first target of the Makefile:

`make`

- Make a given target:

`make {{target}}`

- Run several jobs at once:

`make -j{{4}}`

- Use another Makefile:

`make --file {{path/to/file}}`

- Run make in another directory:

`make --directory {{path/to/directory}}`

- Make a target even when its sources are unchanged:

`make --always-make {{target}}`

@@ common/vim
# vim

> Vi IMproved, a programmer's text editor with several modes for different kinds of text manipulation.
> More information: <https://www.vim.org>.

- Open a file:

`vim {{path/to/file}}`

- Open a file at a given line:

`vim +{{line_number}} {{path/to/file}}`

- Enter normal mode and undo the last change:

`<Esc>u`

- Search for a pattern in the file:

`/{{search_pattern}}<Enter>`

- Replace every match of a pattern in the file:

`:%s/{{regular_expression}}/{{replacement}}/g<Enter>`

- Save the file and quit:

`:wq<Enter>`

@@ common/vimdiff
# vimdiff

> Open two or more files in Vim and show the differences between them.
> More information: <https://www.vim.org>.

- Open two files side by side:

`vimdiff {{path/to/file1}} {{path/to/file2}}`

- Jump to the next difference:

`]c`

@@ common/vimtutor
# vimtutor

> The Vim tutor, a short course in the basic commands of Vim.
> More information: <https://manned.org/vimtutor>.

- Start the tutor in English:

`vimtutor`

- Start the tutor in another language:

`vimtutor {{language}}`

@@ common/gdb
# gdb

> The GNU Debugger.
> More information: <https://sourceware.org/gdb/current/onlinedocs/gdb/>.

- Debug an executable:

`gdb {{executable}}`

- Attach to a running process:

`gdb -p {{process_id}}`

- Debug with a core file:

`gdb -c {{core}} {{executable}}`

- Set a breakpoint at a function, then run the program:

`gdb -ex "break {{function}}" -ex run {{executable}}`

- Start gdb and pass arguments to the program:

`gdb --args {{executable}} {{argument1}} {{argument2}}`

@@ common/docker
# docker

> Manage Docker containers and images.
> Some subcommands such as `run` and `build` have their own usage documentation.
> More information: <https://docs.docker.com/reference/cli/docker/>.

- List every container, running or stopped:

`docker ps --all`

- Start a container from an image, with a name of your choice:

`docker run --name {{container_name}} {{image}}`

- Start or stop a container:

`docker {{start|stop}} {{container_name}}`

- Pull an image from a registry:

`docker pull {{image}}`

- List the images already downloaded:

`docker images`

- Open a shell inside a running container:

`docker exec -it {{container_name}} {{sh}}`

- Remove a stopped container:

`docker rm {{container}}`

- Follow the logs of a container:

`docker logs -f {{container_name}}`

@@ common/docker-build
# docker build

> Build an image from a Dockerfile.
> More information: <https://docs.docker.com/reference/cli/docker/buildx/build/>.

- Build an image from the Dockerfile in the current directory:

`docker build .`

- Build an image from the Dockerfile at a URL:

`docker build {{github.com/creack/docker-firefox}}`

- Build and tag an image:

`docker build --tag {{name:tag}} .`

- Build an image without its build cache:

`docker build --no-cache --tag {{name:tag}} .`

- Build an image from another Dockerfile:

`docker build --file {{Dockerfile}} .`

- Build with build-time variables:

`docker build --build-arg {{HTTP_PROXY=http://10.20.30.2:1234}} .`

@@ common/docker-compose
# docker compose

> Run and manage multi-container Docker applications.
> More information: <https://docs.docker.com/reference/cli/docker/compose/>.

- List the running containers:

`docker compose ps`

- Create and start every container in the background, from the `docker-compose.yml` in the current directory:

`docker compose up --detach`

- Start every container, building their images again when needed:

`docker compose up --build`

- Start the containers of a project with another compose file:

`docker compose -p {{project_name}} --file {{path/to/file}} up`

- Stop every running container:

`docker compose stop`

- Stop and remove every container, network, image and volume:

`docker compose down --rmi all --volumes`

- Follow the logs of every container:

`docker compose logs --follow`

@@ common/docker-run
# docker run

> Run a command in a new Docker container.
> More information: <https://docs.docker.com/reference/cli/docker/container/run/>.

- Run a command in a new container from an image:

`docker run {{image:tag}} {{command}}`

- Run a container in the background:

`docker run --detach {{image:tag}} {{command}}`

- Run a container interactively, with a terminal:

`docker run --rm --interactive --tty {{image:tag}} {{command}}`

- Map a port of the host to a port of the container:

`docker run --publish {{host_port}}:{{container_port}} {{image:tag}}`

@@ common/git
# git

> Distributed version control system.
> Some subcommands such as `commit`, `add`, `branch`, `switch` and `push` have their own usage documentation.
> More information: <https://git-scm.com/docs/git>.

- Show the version of Git:

`git --version`

- Show general help:

`git --help`

- Show help on a subcommand:

`git help {{subcommand}}`

- Run a subcommand:

`git {{subcommand}}`

- Run a subcommand in another repository:

`git -C {{path/to/repo}} {{subcommand}}`

- Run a subcommand with a configuration value set:

`git -c '{{config.key}}={{value}}' {{subcommand}}`

@@ common/git-commit
# git commit

> Commit files to the repository.
> More information: <https://git-scm.com/docs/git-commit>.

- Commit the staged files with a message:

`git commit --message "{{message}}"`

- Take the message from a file:

`git commit --file {{path/to/commit_message_file}}`

- Stage every modified and deleted file, and commit with a message:

`git commit --all --message "{{message}}"`

- Sign the commit with a GPG key:

`git commit --gpg-sign {{key_id}} --message "{{message}}"`

- Update the last commit with the staged changes:

`git commit --amend`

- Commit only some files that are already staged:

`git commit {{path/to/file1 path/to/file2 ...}}`

- Create an empty commit:

`git commit --message "{{message}}" --allow-empty`

@@ common/git-stash
# git stash

> Stash local Git changes in a temporary area.
> More information: <https://git-scm.com/docs/git-stash>.

- Stash the current changes, with a message:

`git stash push --message {{optional_stash_message}}`

- Stash the current changes, untracked files included:

`git stash --include-untracked`

- Choose the parts to stash interactively:

`git stash --patch`

- List every stash:

`git stash list`

- Apply a stash (the last one by default):

`git stash apply {{optional_stash_name_or_commit}}`

- Drop a stash:

`git stash drop {{optional_stash_name}}`

@@ common/git-rebase
# git rebase

> Reapply commits from one branch on top of another branch.
> More information: <https://git-scm.com/docs/git-rebase>.

- Rebase the current branch on top of another:

`git rebase {{new_base_branch}}`

- Start an interactive rebase, to reorder, squash or drop commits:

`git rebase --interactive {{target_base_branch_or_commit_hash}}`

- Go on with a rebase that stopped on a failed merge, once the files are edited:

`git rebase --continue`

- Skip the commit that stopped the rebase:

`git rebase --skip`

- Give up a rebase in progress:

`git rebase --abort`

@@ common/git-merge
# git merge

> Merge branches.
> More information: <https://git-scm.com/docs/git-merge>.

- Merge a branch into the current one:

`git merge {{branch_name}}`

- Edit the merge message:

`git merge --edit {{branch_name}}`

- Merge a branch and always create a merge commit:

`git merge --no-ff {{branch_name}}`

- Abort a merge in case of conflicts:

`git merge --abort`

- Merge with a given strategy:

`git merge --strategy {{strategy}} --strategy-option {{strategy_option}} {{branch_name}}`

@@ common/git-push
# git push

> Push commits to a remote repository.
> More information: <https://git-scm.com/docs/git-push>.

- Send the commits of the current branch to its remote counterpart:

`git push`

- Send a local branch to a remote, setting it as the upstream of the branch:

`git push --set-upstream {{remote_name}} {{local_branch}}`

- Send every local branch:

`git push --all {{remote_name}}`

- Delete a branch on a remote:

`git push {{remote_name}} --delete {{remote_branch}}`

- Send the tags:

`git push --tags`

@@ common/kubectl
# kubectl

> Command-line tool to run commands against Kubernetes clusters.
> Some subcommands such as `apply` and `get` have their own usage documentation.
> More information: <https://kubernetes.io/docs/reference/kubectl/>.

- List the pods of the current namespace:

`kubectl get pods`

- Show the details of a pod:

`kubectl describe pod {{pod_name}}`

- Apply a configuration file:

`kubectl apply --filename {{path/to/file.yaml}}`

- Follow the logs of a pod:

`kubectl logs --follow {{pod_name}}`

- Open a shell in a pod:

`kubectl exec --stdin --tty {{pod_name}} -- {{/bin/sh}}`

@@ common/kubectl-apply
# kubectl apply

> Manage applications through files that describe Kubernetes resources.
> More information: <https://kubernetes.io/docs/reference/kubectl/generated/kubectl_apply/>.

- Apply a configuration to a resource:

`kubectl apply --filename {{path/to/file}}`

- Apply the configurations of every file in a directory:

`kubectl apply --filename {{path/to/directory}} --recursive`

- Apply a configuration read from standard input:

`{{cat pod.json}} | kubectl apply --filename -`

- Show what would be applied, without applying it:

`kubectl apply --filename {{path/to/file}} --dry-run=client`

@@ common/npm
# npm

> JavaScript and Node.js package manager.
> Manages Node.js projects and their module dependencies.
> More information: <https://docs.npmjs.com/cli/npm>.

- Create a `package.json` file with default values:

`npm init -y`

- Add a package as a dependency of the current project:

`npm install {{package_name}}`

- Remove a package from the current project:

`npm uninstall {{package_name}}`

- List the packages of the current project:

`npm list`

- Run a script of `package.json`:

`npm run {{script_name}}`

@@ common/npm-install
# npm install

> Install Node packages.
> More information: <https://docs.npmjs.com/cli/commands/npm-install>.

- Install the dependencies listed in `package.json`:

`npm install`

- Install a given version of a package and add it to `package.json`:

`npm install {{package_name}}@{{version}}`

- Install a package as a development dependency:

`npm install --save-dev {{package_name}}`

- Install a package for the whole system:

`npm install --global {{package_name}}`

@@ common/gh
# gh

> Work with GitHub from the command-line.
> Some subcommands such as `pr` and `issue` have their own usage documentation.
> More information: <https://cli.github.com/manual/gh>.

- Clone a GitHub repository:

`gh repo clone {{owner}}/{{repository}}`

- Create an issue:

`gh issue create`

- Show the status of the current repository:

`gh status`

- Log in to GitHub:

`gh auth login`

@@ common/gh-pr
# gh pr

> Manage GitHub pull requests.
> More information: <https://cli.github.com/manual/gh_pr>.

- Create a pull request:

`gh pr create`

- Check out a pull request locally:

`gh pr checkout {{pr_number}}`

- View the changes made in a pull request:

`gh pr diff`

- Approve the pull request of the current branch:

`gh pr review --approve`

- Merge the pull request of the current branch, interactively:

`gh pr merge`

- Show the status of the pull requests of the current repository:

`gh pr status`

@@ common/az
# az

> The official command-line tool for Microsoft Azure.
> Some subcommands such as `login` have their own usage documentation.
> More information: <https://learn.microsoft.com/cli/azure>.

- Log in to Azure:

`az login`

- List the subscriptions of the account:

`az account list`

- List the resource groups:

`az group list`

- Show the help of a command group:

`az {{group}} --help`

@@ common/az-login
# az login

> Log in to Azure.
> More information: <https://learn.microsoft.com/cli/azure/reference-index#az-login>.

- Log in interactively:

`az login`

- Log in with a service principal and a password:

`az login --service-principal --username {{http://azure-cli-service-principal}} --password {{secret}} --tenant {{tenant_id}}`

- Log in with a managed identity:

`az login --identity`

@@ common/aws
# aws

> The official command-line tool for Amazon Web Services.
> Some subcommands such as `s3` have their own usage documentation.
> More information: <https://aws.amazon.com/cli>.

- Configure the credentials interactively:

`aws configure wizard`

- List the buckets of the account:

`aws s3 ls`

- Show the identity the credentials belong to:

`aws sts get-caller-identity`

- Show help for a command:

`aws {{command}} help`

@@ common/aws-s3
# aws s3

> Work with Amazon S3 storage: buckets and the objects in them.
> More information: <https://docs.aws.amazon.com/cli/latest/reference/s3/>.

- List the objects of a bucket:

`aws s3 ls {{bucket_name}}`

- Copy a local directory to a bucket, sending only what changed:

`aws s3 sync {{path/to/directory}} s3://{{bucket_name}}`

- Copy a file from a bucket:

`aws s3 cp s3://{{bucket_name}}/{{path/to/remote_file}} {{path/to/local_file}}`

- Remove an object:

`aws s3 rm s3://{{bucket_name}}/{{path/to/file}}`

@@ common/pip
# pip

> Python package manager.
> Some subcommands such as `install` have their own usage documentation.
> More information: <https://pip.pypa.io>.

- Install a package:

`pip install {{package}}`

- Upgrade a package:

`pip install --upgrade {{package}}`

- Uninstall a package:

`pip uninstall {{package}}`

- Save the installed packages to a file:

`pip freeze > {{requirements.txt}}`

@@ common/cargo
# cargo

> Manage Rust projects and their dependencies (crates).
> Some subcommands such as `build` have their own usage documentation.
> More information: <https://doc.rust-lang.org/cargo>.

- Create a new binary or library project:

`cargo new {{project_name}}`

- Add a dependency to `Cargo.toml`:

`cargo add {{dependency}}`

- Build the project in release mode:

`cargo build --release`

- Run the tests:

`cargo test`

@@ common/helm
# helm

> A package manager for Kubernetes.
> Some subcommands such as `install` have their own usage documentation.
> More information: <https://helm.sh/docs/helm/>.

- Create a helm chart:

`helm create {{chart_name}}`

- Add a chart repository:

`helm repo add {{repository_name}}`

- Install a chart:

`helm install {{name}} {{repository_name}}/{{chart_name}}`

- List the releases:

`helm list`

@@ common/podman
# podman

> Simple management tool for pods, containers and images.
> Podman takes the same commands as Docker.
> More information: <https://docs.podman.io/en/latest/Commands.html>.

- List every container, running or stopped:

`podman ps --all`

- Start a container from an image:

`podman run --name {{container_name}} {{image}}`

- Pull an image from a registry:

`podman pull {{image}}`

- Remove a container:

`podman rm {{container_name}}`

@@ common/terraform
# terraform

> Create and deploy infrastructure as code to cloud providers.
> More information: <https://developer.hashicorp.com/terraform/cli/commands>.

- Set up a working directory and its providers:

`terraform init`

- Check that the configuration files are valid:

`terraform validate`

- Show the changes to be made to the infrastructure:

`terraform plan`

- Make the changes:

`terraform apply`

- Destroy everything the configuration made:

`terraform destroy`

@@ common/gcloud
# gcloud

> The official command-line tool for Google Cloud Platform.
> More information: <https://cloud.google.com/sdk/gcloud/reference>.

- Set up the tool and log in:

`gcloud init`

- List the projects:

`gcloud projects list`

- Set the current project:

`gcloud config set project {{project_id}}`

- Show the installed components:

`gcloud components list`

@@ common/go
# go

> Tool for managing Go source code.
> Some subcommands such as `build` have their own usage documentation.
> More information: <https://pkg.go.dev/cmd/go>.

- Build a package and its dependencies:

`go build`

- Compile and run a source file:

`go run {{file}}.go`

- Add a module to the current module:

`go get {{example.com/module}}`

- Run the tests of the current package:

`go test`

@@ common/brew
# brew

> Homebrew: a package manager for macOS and Linux.
> More information: <https://docs.brew.sh/Manpage>.

- Install a formula or a cask:

`brew install {{formula}}`

- List the installed formulae and casks:

`brew list`

- Upgrade an installed formula, or every one:

`brew upgrade {{formula}}`

- Search for a formula or cask:

`brew search {{text}}`

@@ common/dotnet
# dotnet

> Cross-platform .NET command-line tools for .NET Core.
> More information: <https://learn.microsoft.com/dotnet/core/tools>.

- Create a .NET project:

`dotnet new {{template_short_name}}`

- Restore the NuGet packages of the project:

`dotnet restore`

- Build and run the project in the current directory:

`dotnet run`

@@ linux/apt
# apt

> Package management utility for Debian-based distributions.
> More information: <https://manned.org/apt.8>.

- Update the list of available packages and versions:

`sudo apt update`

- Search for a package by name or description:

`apt search {{package}}`

- Install a package, or update it to the latest version:

`sudo apt install {{package}}`

- Remove a package:

`sudo apt remove {{package}}`

- Upgrade every installed package:

`sudo apt upgrade`

@@ linux/apt-get
# apt-get

> Debian and Ubuntu package management utility.
> More information: <https://manned.org/apt-get.8>.

- Update the list of available packages:

`apt-get update`

- Install a package:

`apt-get install {{package}}`

- Remove a package:

`apt-get remove {{package}}`

@@ linux/apt-cache
# apt-cache

> Debian and Ubuntu package query tool.
> More information: <https://manned.org/apt-cache.8>.

- Search for a package in the current sources:

`apt-cache search {{query}}`

- Show information about a package:

`apt-cache show {{package}}`

- Show the dependencies of a package:

`apt-cache depends {{package}}`

@@ linux/aptitude
# aptitude

> Debian and Ubuntu package management utility with a text interface.
> More information: <https://manned.org/aptitude.8>.

- Install a package:

`aptitude install {{package}}`

- Search for a package:

`aptitude search {{package}}`

@@ linux/pacman
# pacman

> Arch Linux package manager utility.
> Some subcommands such as `sync` have their own usage documentation.
> More information: <https://manned.org/pacman.8>.

- Update and upgrade every package:

`sudo pacman -Syu`

- Install a new package:

`sudo pacman -S {{package}}`

- Remove a package and its dependencies:

`sudo pacman -Rs {{package}}`

- List the installed packages:

`pacman -Q`

@@ linux/makepkg
# makepkg

> Create a package for `pacman` from a PKGBUILD file.
> More information: <https://manned.org/makepkg>.

- Make a package:

`makepkg`

- Make a package and install it:

`makepkg --install`

@@ linux/systemctl
# systemctl

> Control the systemd system and service manager.
> More information: <https://www.freedesktop.org/software/systemd/man/systemctl.html>.

- Show every running service:

`systemctl status`

- List the units that failed:

`systemctl --failed`

- Start, stop, restart or reload a service:

`systemctl {{start|stop|restart|reload}} {{unit}}`

- Enable or disable a unit at boot:

`systemctl {{enable|disable}} {{unit}}`

@@ linux/ip
# ip

> Show or change routing, devices, policy routing and tunnels.
> Some subcommands such as `address` have their own usage documentation.
> More information: <https://manned.org/ip.8>.

- List the interfaces with their details:

`ip address`

- Show the routing table:

`ip route`

- Bring an interface up or down:

`ip link set {{ethernet_interface}} {{up|down}}`

@@ linux/lsblk
# lsblk

> Lists information about devices.
> More information: <https://manned.org/lsblk>.

- List every storage device in a tree:

`lsblk`

- List every device, empty ones included:

`lsblk -a`

@@ linux/lscpu
# lscpu

> Displays information about the CPU architecture.
> More information: <https://manned.org/lscpu>.

- Show the information about every CPU:

`lscpu`

- Show the information in a table:

`lscpu --extended`

@@ linux/lsusb
# lsusb

> Display information about USB buses and the devices on them.
> More information: <https://manned.org/lsusb>.

- List every USB device:

`lsusb`

- List the USB devices as a tree:

`lsusb -t`

@@ linux/dmesg
# dmesg

> Write the kernel messages to standard output.
> More information: <https://manned.org/dmesg>.

- Show the kernel messages:

`sudo dmesg`

- Show the kernel error messages:

`sudo dmesg --level err`

- Show the kernel messages with readable timestamps:

`sudo dmesg -T`

- Show the kernel messages and wait for new ones:

`sudo dmesg -w`

@@ linux/feh
# feh

> Lightweight image viewing utility.
> More information: <https://feh.finalrewind.org/>.

- View images, local or from a URL:

`feh {{path/to/images}}`

- View the images of a directory and the directories in it:

`feh --recursive {{path/to/directory}}`

- View images without window borders:

`feh --borderless {{path/to/images}}`

- Use an image as the wallpaper, tiled:

`feh --bg-tile {{path/to/image}}`

@@ linux/flatpak
# flatpak

> Build, install and run flatpak applications and runtimes.
> More information: <https://docs.flatpak.org/en/latest/flatpak-command-reference.html>.

- Run an installed application:

`flatpak run {{com.example.app}}`

- Install an application from a remote source:

`flatpak install {{remote}} {{com.example.app}}`

- List the installed applications, runtimes included:

`flatpak list`

- Update every installed application and runtime:

`flatpak update`

@@ linux/flameshot
# flameshot

> Screenshot tool with a built-in editor.
> More information: <https://flameshot.org>.

- Take a screenshot by choosing an area of the screen:

`flameshot gui`

- Take a screenshot of the whole screen and save it to a directory:

`flameshot full --path {{path/to/directory}}`

- Take a screenshot and copy it to the clipboard:

`flameshot gui --clipboard`

- Take a screenshot after a delay of 2 seconds:

`flameshot full --delay 2000`

@@ linux/mount
# mount

> Attach a filesystem to a directory, or list the filesystems mounted.
> More information: <https://manned.org/mount.8>.

- Show every filesystem mounted:

`mount`

- Attach a device to a directory:

`mount -t {{filesystem_type}} {{path/to/device_file}} {{path/to/target_directory}}`

- Attach a filesystem read-only:

`mount -o ro {{path/to/device_file}} {{path/to/target_directory}}`

- Attach every filesystem listed in `/etc/fstab`:

`mount -a`

@@ linux/umount
# umount

> Detach a filesystem from its mount point.
> More information: <https://manned.org/umount.8>.

- Detach the filesystem of a device:

`umount {{path/to/device_file}}`

- Detach the filesystem at a directory:

`umount {{path/to/mounted_directory}}`

@@ osx/open
# open

> Open files, directories and applications.
> More information: <https://keith.github.io/xcode-man-pages/open.1.html>.

- Open a file with its default application:

`open {{path/to/file.ext}}`

- Run a graphical macOS application:

`open -a {{"Application Name"}}`

- Run a graphical macOS application by its bundle identifier:

`open -b {{com.domain.application}}`

- Show the current directory in Finder:

`open .`

- Reveal a file in Finder:

`open -R {{path/to/file}}`

@@ windows/dir
# dir

> List directory contents.
> More information: <https://learn.microsoft.com/windows-server/administration/windows-commands/dir>.

- Show the contents of the current directory:

`dir`

- Show the contents of a given directory:

`dir {{path\to\directory}}`

- Show the contents with hidden files:

`dir /A`

@@ windows/choco
# choco

> The Chocolatey package manager.
> Some subcommands such as `install` have their own usage documentation.
> More information: <https://docs.chocolatey.org/en-us/choco/commands/>.

- Run a Chocolatey command:

`choco {{command}}`

- Show help:

`choco -?`

@@ windows/winget
# winget

> Windows Package Manager.
> More information: <https://learn.microsoft.com/windows/package-manager/winget>.

- Install a package:

`winget install {{package}}`

- Remove a package:

`winget uninstall {{package}}`

- Search for a package:

`winget search {{package}}`
"""

# --------------------------------------------------------------------------
# Families: root, platform, pages at 10,000, name in descriptions, what its
# sub-commands act on, documentation URL, and its own sub-commands first.

FAMILIES = [
    ("docker", "common", 150, "Docker", ["containers", "images", "volumes", "networks", "contexts", "plugins"],
     "https://docs.docker.com/reference/cli/docker/", "attach buildx commit container context cp create diff events "
     "exec export history image images import info init inspect kill load login logout logs manifest network pause "
     "plugin port ps pull push restart rm rmi save scout search secret service stack start stats stop swarm system "
     "tag top trust unpause update version volume wait"),
    ("git", "common", 150, "Git", ["commits", "branches", "tags", "remotes", "submodules", "refs"],
     "https://git-scm.com/docs/git-", "add am annotate apply archimport bisect blame branch bundle checkout "
     "cherry cherry-pick clean clone column commit-graph commit-tree config count-objects daemon describe diff "
     "difftool fetch filter-branch for-each-ref format-patch fsck gc grep help init instaweb log ls-files ls-remote "
     "ls-tree maintenance mergetool mv notes prune pull range-diff reflog remote repack replace request-pull reset "
     "restore revert rm send-email shortlog show show-branch show-ref sparse-checkout status submodule switch tag "
     "worktree"),
    ("kubectl", "common", 80, "Kubernetes", ["pods", "deployments", "services", "nodes", "namespaces", "config maps"],
     "https://kubernetes.io/docs/reference/kubectl/generated/kubectl_", "annotate api-resources autoscale cluster-info "
     "config cordon create delete describe diff drain edit events exec explain expose get kustomize label logs patch "
     "port-forward proxy replace rollout run scale set taint top uncordon wait"),
    ("npm", "common", 60, "npm", ["packages", "dependencies", "scripts", "workspaces"],
     "https://docs.npmjs.com/cli/commands/npm-", "access adduser audit bugs cache ci completion config dedupe "
     "deprecate diff dist-tag docs doctor edit exec explain explore find-dupes fund help hook init link login logout "
     "ls org outdated owner pack ping pkg prefix profile prune publish query rebuild repo restart root run search "
     "shrinkwrap star stars start stop team test token uninstall unpublish update version view whoami"),
    ("az", "common", 120, "Azure", ["virtual machines", "storage accounts", "subscriptions", "resource groups",
                                    "web apps", "key vaults"],
     "https://learn.microsoft.com/cli/azure/", "account acr ad advisor aks apim appconfig appservice batch bicep "
     "billing bot cdn cloud cognitiveservices config consumption container cosmosdb databoxedge deployment devops "
     "disk dla dls dms eventgrid eventhubs extension feature functionapp group hdinsight identity image iot keyvault "
     "lab lock logout managedapp maps mariadb monitor mysql netappfiles network policy postgres provider redis "
     "relay resource role search security servicebus sf sig signalr snapshot sql sshkey staticwebapp storage "
     "synapse tag term vm vmss webapp"),
    ("aws", "common", 120, "AWS", ["buckets", "instances", "functions", "stacks", "roles", "queues"],
     "https://docs.aws.amazon.com/cli/latest/reference/", "acm amplify apigateway appconfig athena autoscaling "
     "batch ce cloud9 cloudformation cloudfront cloudtrail cloudwatch codeartifact codebuild codecommit "
     "codedeploy codepipeline cognito-idp configure dynamodb ec2 ecr ecs efs eks elasticache elb emr events "
     "firehose glue iam kafka kinesis kms lambda lightsail logs organizations pricing quicksight rds redshift "
     "route53 secretsmanager ses sns sqs ssm sso stepfunctions sts transcribe"),
    ("gh", "common", 60, "GitHub", ["repositories", "issues", "releases", "workflows", "gists", "codespaces"],
     "https://cli.github.com/manual/gh_", "alias api attestation auth browse cache codespace completion config "
     "extension gist gpg-key issue label org project release repo ruleset run search secret ssh-key status "
     "variable workflow"),
    ("gcloud", "common", 50, "Google Cloud", ["projects", "instances", "clusters", "buckets", "service accounts"],
     "https://cloud.google.com/sdk/gcloud/reference/", "app auth builds components compute config container "
     "dataproc deploy dns functions iam info init kms logging projects pubsub run secrets source sql storage topic"),
    ("podman", "common", 40, "Podman", ["containers", "images", "pods", "volumes"],
     "https://docs.podman.io/en/latest/markdown/podman-", "attach build commit cp create exec image images inspect "
     "kill login logs machine network pod ps pull push restart rm rmi run save start stop system tag top volume"),
    ("helm", "common", 30, "Helm", ["charts", "releases", "repositories"], "https://helm.sh/docs/helm/helm_",
     "dependency env get history install lint list package plugin pull push registry repo rollback search show "
     "status template test uninstall upgrade verify version"),
    ("terraform", "common", 20, "Terraform", ["resources", "modules", "providers", "workspaces"],
     "https://developer.hashicorp.com/terraform/cli/commands/", "apply console destroy fmt get graph import init "
     "login output plan providers refresh show state taint validate workspace"),
    ("cargo", "common", 40, "Cargo", ["crates", "dependencies", "packages", "targets"],
     "https://doc.rust-lang.org/cargo/commands/cargo-", "add bench build check clean clippy doc fetch fix fmt "
     "generate-lockfile init install locate-project login metadata new owner package pkgid publish remove "
     "report run rustc rustdoc search test tree uninstall update vendor verify-project version yank"),
    ("go", "common", 30, "Go", ["packages", "modules", "source files", "workspaces"], "https://pkg.go.dev/cmd/go#hdr-",
     "bug build clean doc env fix fmt generate get install list mod run test tool version vet work"),
    ("brew", "common", 25, "Homebrew", ["formulae", "casks", "taps", "services"], "https://docs.brew.sh/Manpage#",
     "autoremove bundle cask cleanup config deps doctor edit fetch home info install leaves link list outdated pin "
     "reinstall search services tap uninstall unlink unpin update upgrade"),
    ("pip", "common", 15, "pip", ["packages", "requirements", "wheels"], "https://pip.pypa.io/en/stable/cli/pip_",
     "cache check config debug freeze hash index inspect install list show uninstall wheel"),
    ("dotnet", "common", 25, ".NET", ["projects", "solutions", "packages", "tools"],
     "https://learn.microsoft.com/dotnet/core/tools/dotnet-", "add build build-server clean format help list "
     "migrate msbuild new nuget pack publish remove restore run sdk sln store test tool vstest watch workload"),
    ("pacman", "linux", 20, "pacman", ["packages", "package databases", "dependencies"],
     "https://manned.org/pacman.8#", "database deptest files key mirrors query remove sync upgrade"),
    ("ip", "linux", 12, "IP", ["addresses", "routes", "links", "neighbours", "rules"], "https://manned.org/ip-",
     "address link maddress monitor neighbour netns route rule tunnel"),
    ("systemctl", "linux", 15, "systemd", ["units", "services", "timers", "targets"],
     "https://www.freedesktop.org/software/systemd/man/systemctl.html#", "cat daemon-reload disable edit enable "
     "is-active is-enabled kill list-units mask reboot restart show start status stop unmask"),
    ("flatpak", "linux", 15, "Flatpak", ["applications", "runtimes", "remotes"],
     "https://docs.flatpak.org/en/latest/flatpak-command-reference.html#flatpak-", "build info install list "
     "override remote-add remote-ls remotes repair run search uninstall update"),
    ("choco", "windows", 20, "Chocolatey", ["packages", "sources", "features"],
     "https://docs.chocolatey.org/en-us/choco/commands/", "apikey config feature find info install list outdated "
     "pack pin push search source uninstall upgrade"),
    ("winget", "windows", 10, "WinGet", ["packages", "sources", "settings"],
     "https://learn.microsoft.com/windows/package-manager/winget/", "configure export hash import install list "
     "pin search settings show source uninstall upgrade validate"),
]

# Sub-commands any family may have, after its own.
COMMON_SUBCOMMANDS = """
add api apply auth browse cache cancel check clean completion config connect context create debug delete deploy
describe diff disable doctor edit enable env events exec explain export fmt get graph help history import info
init inspect install key label lint link list lock login logout logs ls migrate monitor new node outdated owner
pack patch pause ping plugin policy profile prune ps publish pull push quota registry release remove repo reset
restart restore rm role rollback rule run schema scope search secret serve service session set setup share show
snapshot start stats status stop storage sync tag task template test token top trust uninstall unlink unpause
update upgrade user validate vault verify version view volume wait watch whoami workspace zone
""".split()

# Sub-commands that act: the start of their description.
ACTIONS = {
    "add": "Add", "apply": "Apply changes to", "attach": "Attach to", "cancel": "Cancel", "check": "Check",
    "clean": "Clean up", "connect": "Connect to", "create": "Create", "delete": "Delete", "deploy": "Deploy",
    "describe": "Show the details of", "diff": "Show the changes to", "disable": "Disable", "edit": "Edit",
    "enable": "Enable", "events": "Stream the events of", "exec": "Run a command in", "export": "Export",
    "get": "Get", "history": "Show the history of", "import": "Import", "info": "Display information about",
    "init": "Initialize", "inspect": "Display detailed information on", "install": "Install", "kill": "Kill",
    "link": "Link", "list": "List", "lock": "Lock", "login": "Log in to", "logout": "Log out of",
    "logs": "Fetch the logs of", "ls": "List", "new": "Create", "pause": "Pause", "prune": "Remove unused",
    "ps": "List", "publish": "Publish", "pull": "Pull", "push": "Push", "remove": "Remove", "reset": "Reset",
    "restart": "Restart", "restore": "Restore", "rm": "Remove", "rollback": "Roll back", "run": "Run",
    "search": "Search for", "set": "Set", "show": "Show", "start": "Start", "stats": "Show statistics about",
    "status": "Show the status of", "stop": "Stop", "tag": "Tag", "test": "Test", "top": "Show the processes of",
    "uninstall": "Uninstall", "unlink": "Unlink", "unpause": "Resume", "update": "Update", "upgrade": "Upgrade",
    "validate": "Validate", "verify": "Verify", "view": "View", "wait": "Wait for", "watch": "Watch",
}
# Sub-commands named by what they manage ("docker volume": "Manage Docker volumes.").
THINGS = set("""
container context image manifest network plugin secret service stack volume branch bundle remote submodule tag
worktree note account disk group identity image lock policy role snapshot vm key label node profile registry
release repo rule schema scope session task template token user vault workspace zone project cache codespace gist
issue workflow variable bucket function instance cluster machine pod chart dependency module source feature
""".split())
# Actions that make a third level ("docker volume prune").
COMPOUND_ACTIONS = "ls list create delete rm show update inspect prune add remove get set describe start stop".split()

# --------------------------------------------------------------------------
# Vocabulary of the generated pages, most common first.

# Verbs; "*" marks those kept out of descriptions (the inflected queries' stems).
VERBS = """
list show display print create remove manage run install update view edit set get check start stop search
find generate convert build open write read delete add send use configure change test monitor enable disable
control query connect execute copy move replace clean format inspect validate record play render
upload *download *archive *compress *decompress *extract *mount *unmount *schedule *encrypt *decrypt *synchronize
*translate *sort *count
filter parse match select fetch pull push publish deploy release share clone merge split join combine append
restart launch close kill pause resume wait lock unlock attach detach disconnect bind listen serve forward
route sign hash encode decode authenticate authorize draw stream preview resize crop rotate scale compare
store save load import export hide reveal assign grant revoke notify remind index label annotate highlight
calculate estimate scan probe ping resolve tune optimize limit throttle balance wrap trace debug profile
benchmark measure capture log watch track verify repair restore reset upgrade patch uninstall purge prune
""".split()

IRREGULAR = {  # past participles
    "run": "run", "write": "written", "show": "shown", "find": "found", "build": "built", "get": "got",
    "set": "set", "read": "read", "send": "sent", "split": "split", "bind": "bound", "draw": "drawn",
    "hide": "hidden",
}
DOUBLED = {"run", "stop", "set", "get", "split", "scan", "log", "tag", "wrap", "format", "debug", "control"}

# Objects: plural, singular, placeholder; "*" marks those kept out of descriptions.
OBJECTS = """
files|a file|path/to/file
directories|a directory|path/to/directory
packages|a package|package
processes|a process|pid
services|a service|service
containers|a container|container
images|an image|path/to/image.png
users|a user|username
network interfaces|a network interface|interface
text files|a text file|path/to/file.txt
log files|a log file|path/to/file.log
configuration files|a configuration file|path/to/config
git repositories|a git repository|path/to/repository
databases|a database|database
web pages|a web page|https://example.com
URLs|a URL|url
environment variables|an environment variable|name
shell scripts|a shell script|path/to/script.sh
disk partitions|a partition|/dev/sdXY
block devices|a block device|/dev/sdX
USB devices|a USB device|device
Bluetooth devices|a Bluetooth device|mac_address
audio files|an audio file|path/to/file.mp3
video files|a video file|path/to/video.mp4
PDF documents|a PDF document|path/to/file.pdf
Markdown documents|a Markdown document|path/to/file.md
JSON data|a JSON document|path/to/file.json
YAML files|a YAML file|path/to/file.yaml
CSV files|a CSV file|path/to/file.csv
system logs|a log entry|unit
certificates|a certificate|path/to/certificate.pem
GPG keys|a GPG key|key_id
secrets|a secret|secret_name
passwords|a password|password
access tokens|an access token|token
branches|a branch|branch_name
commits|a commit|commit
tables|a table|table
SQL queries|an SQL query|query
virtual machines|a virtual machine|vm_name
snapshots|a snapshot|snapshot
volumes|a volume|volume
cloud instances|an instance|instance_id
DNS records|a DNS record|domain
domain names|a domain name|example.com
HTTP requests|an HTTP request|url
emails|an email|address@example.com
messages|a message|message
notifications|a notification|message
timers|a timer|timer
kernel modules|a kernel module|module
firewall rules|a firewall rule|rule
routes|a route|destination
ports|a port|port
fonts|a font|font_name
themes|a theme|theme
bookmarks|a bookmark|bookmark
clipboard contents|the clipboard|text
windows|a window|window_id
workspaces|a workspace|workspace
terminal sessions|a terminal session|session_name
source files|a source file|path/to/file.c
binaries|a binary|path/to/binary
libraries|a library|library
dependencies|a dependency|dependency
plugins|a plugin|plugin
extensions|an extension|extension
settings|a setting|key
profiles|a profile|profile
projects|a project|path/to/project
tasks|a task|task_id
issues|an issue|issue_number
tests|a test|path/to/test
*backups|a backup|path/to/backup
metrics|a metric|metric
events|an event|event
jobs|a job|job_id
queues|a queue|queue
checksums|a checksum|path/to/file
*archives|an archive|path/to/file.tar
patches|a patch|path/to/file.patch
playlists|a playlist|playlist
songs|a song|song
photos|a photo|path/to/photo.jpg
*screenshots|a screenshot|path/to/screenshot.png
spreadsheets|a spreadsheet|path/to/file.xlsx
presentations|a presentation|path/to/file.odp
e-books|an e-book|path/to/book.epub
calendar events|a calendar event|event
contacts|a contact|name
RSS feeds|an RSS feed|url
torrents|a torrent|path/to/file.torrent
printers|a printer|printer
print jobs|a print job|job_id
displays|a display|output
battery information|the battery|battery
CPU usage|the CPU|cpu
memory usage|the memory of a process|pid
disk space|a disk|path/to/directory
system information|the system|field
hardware sensors|a sensor|sensor
wireless networks|a wireless network|ssid
VPN connections|a VPN connection|connection
proxies|a proxy|proxy_url
sockets|a socket|path/to/socket
*downloads|a download|url
mail folders|a mail folder|folder
chat rooms|a chat room|room
web servers|a web server|port
API endpoints|an API endpoint|url
Docker images|a Docker image|image
Python packages|a Python package|package
Node.js modules|a Node.js module|module
Ruby gems|a Ruby gem|gem
Rust crates|a Rust crate|crate
Haskell packages|a Haskell package|package
LaTeX documents|a LaTeX document|path/to/file.tex
man pages|a man page|command
shell history|a history entry|number
keyboard layouts|a keyboard layout|layout
screen colors|a color|color
QR codes|a QR code|text
barcodes|a barcode|text
""".strip().splitlines()

QUALIFIERS = """
from the command-line|in the terminal|on a remote host|over SSH|using a configuration file|in parallel|interactively
recursively|in real time|as JSON|with a progress bar|on Linux|on macOS|on Windows|for the current user
in the current directory|in the background|from standard input|to standard output|with colors|in a tree view
in a human-readable format|by name|by ID|matching a pattern|older than a given age|across several machines
with a graphical interface|in a web browser|using regular expressions|without root privileges|as root
at startup|over HTTP|over the network|inside a container|in a virtual environment|with minimal dependencies
written in Rust|written in Go|written in Python|for developers|for system administrators|via D-Bus
through a REST API|from a Git repository|for Kubernetes clusters|for the GNOME desktop|for the KDE Plasma desktop
in a sandbox|with syntax highlighting|with fuzzy matching|in a given format|at a given interval
with a given key|with verbose output|in dry-run mode|with a cache|for a given time range
""".replace("\n", "|").strip("|").split("|")

BRANDS = """
PostgreSQL|MySQL|Redis|SQLite|MongoDB|Nginx|the Apache HTTP server|GitLab|Bitbucket|Slack|Discord|Matrix|Mastodon
Telegram|Spotify|Dropbox|Nextcloud|Wayland compositors|the X11 server|PulseAudio|PipeWire|systemd|Btrfs|ZFS|LVM|QEMU
VirtualBox|Vagrant|Ansible|Jenkins|CircleCI|Heroku|Netlify|Vercel|Cloudflare|DigitalOcean|Linode|OpenStack
Proxmox|Grafana|Prometheus|Elasticsearch|Kafka|RabbitMQ|Hadoop|Jupyter|Deno|Bun|Composer|Maven|Gradle
Android devices|iOS devices|Raspberry Pi boards|Arduino boards|the Tor network|WireGuard|OpenVPN|Tailscale
Syncthing|Bitwarden|KeePass|Mercurial|Subversion|Fossil|Firefox|Chromium|Thunderbird|Emacs|Neovim|VS Code
""".replace("\n", "|").strip("|").split("|")

TOOLS = ["utility", "tool", "program", "command-line tool", "terminal application", "daemon", "wrapper", "frontend",
         "text user interface", "script", "service", "toolkit", "viewer", "editor", "manager", "client", "server",
         "monitor", "converter", "generator"]
ADJECTIVES = """simple fast lightweight modern minimal interactive cross-platform secure flexible portable powerful
small extensible configurable friendly tiny robust scriptable graphical parallel efficient open-source
customizable""".split()
SUITES = ["GNU coreutils", "util-linux", "moreutils", "procps", "iproute2", "GNU binutils", "the BSD base system",
          "the Xorg suite", "the GNOME desktop", "the KDE Plasma desktop", "the Plan 9 tools", "BusyBox"]
ORGS = "acme cloudkit devtools openlabs shellworks termkit hyperion nimbus orbit quanta tundra vertex".split()

FLAGS = ["-a", "-l", "-r", "-v", "-f", "-q", "-n {{count}}", "--verbose", "--recursive", "--all", "--force",
         "--dry-run", "--output {{path/to/output}}", "--format {{json|yaml|text}}", "--config {{path/to/config}}",
         "--user {{username}}", "--host {{hostname}}", "-p {{port}}", "--interval {{seconds}}", "--quiet",
         "--no-color", "--yes", "--limit {{number}}", "--since {{date}}", "--name {{name}}", "--timeout {{seconds}}",
         "--filter {{pattern}}", "--json", "--watch", "--debug"]

# Made-up command names: parts of real ones, syllables, endings.
ROOTS = """net disk file img pdf vid snd mail dns http sql json yaml tex font key pass term mon top sync pkg virt xdg
usb wifi blue cpu mem log bat clip note todo task time hex bin lib boot grub kern proc sys user auth cert ssl tls
vpn tor feed news chat irc music play radio geo weather calc math plot graph chart code lint fmt test bench build
pack dep mod env conf shell zsh fish win desk ping trace dig whois scan zip tar ls cp git vim make ssh go pip open
cat dir xml csv md html web page link url hash sum diff patch port host node pod kube cloud bucket queue stream
cast pixel color theme icon glyph""".split()
SYLLABLES = """ba be bi bo ca ce co da de di do fa fe fi ga ge go ka ke ki ko la le li lo lu ma me mi mo mu na ne ni
no nu pa pe pi po ra re ri ro ru sa se si so ta te ti to tu va ve vi vo za ze zo""".split()
SUFFIXES = ["", "", "", "", "", "ctl", "d", "fs", "-cli", "tool", "2", "x", "-ng", "util", "er", "ify", "man", "rs",
            "py", "top", "mon", "sh"]

PLATFORMS = [("common", 0.60), ("linux", 0.26), ("osx", 0.05), ("windows", 0.045), ("android", 0.012),
             ("freebsd", 0.008), ("openbsd", 0.006), ("netbsd", 0.005), ("sunos", 0.004), ("cisco-ios", 0.004),
             ("dos", 0.004)]


@functools.cache
def zipf_weights(count: int, skew: float) -> list[float]:
    return list(itertools.accumulate(1 / (rank + 1) ** skew for rank in range(count)))


def zipf(rng: random.Random, items: list, skew: float = 0.9):
    """An item, the first ones most often (word frequencies in real descriptions)."""
    return rng.choices(items, cum_weights=zipf_weights(len(items), skew))[0]


class Verb:
    def __init__(self, base: str):
        self.reserved = base.startswith("*")
        self.base = base.lstrip("*")
        b = self.base
        self.third = b + "es" if b.endswith(("s", "x", "z", "ch", "sh")) else b + "s"
        stem = b + b[-1] if b in DOUBLED else b[:-1] if b.endswith("e") and not b.endswith("ee") else b
        self.ing = stem + "ing"
        self.past = IRREGULAR.get(b) or (b + "d" if b.endswith("e") else stem + "ed")


ALL_VERBS = [Verb(v) for v in dict.fromkeys(VERBS)]
DESCRIPTION_VERBS = [v for v in ALL_VERBS if not v.reserved]
ALL_OBJECTS = [line.lstrip("*").split("|") for line in OBJECTS]
DESCRIPTION_OBJECTS = [line.split("|") for line in OBJECTS if not line.startswith("*")]


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class Writer:
    """Draws the generated pages' words from one seeded generator."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def verb(self, description: bool = False) -> Verb:
        return zipf(self.rng, DESCRIPTION_VERBS if description else ALL_VERBS)

    def objects(self, description: bool = False) -> list[str]:
        return zipf(self.rng, DESCRIPTION_OBJECTS if description else ALL_OBJECTS, 0.7)

    def qualifier(self) -> str:
        return self.rng.choice(QUALIFIERS)

    def description(self, names: list[str]) -> str:
        """A tldr description: one sentence, sometimes a second."""
        r = self.rng
        v, v2 = self.verb(True), self.verb(True)
        o, o2, o3 = (self.objects(True)[0] for _ in range(3))
        tool, adjective, brand = r.choice(TOOLS), r.choice(ADJECTIVES), r.choice(BRANDS)
        sentence = r.choice([
            f"{cap(v.base)} {o} {self.qualifier()}.",
            f"{cap(v.base)} and {v2.base} {o}.",
            f"{cap(v.base)} {o}, {o2} and {o3}.",
            f"{'An' if adjective[0] in 'aeiou' else 'A'} {adjective} {tool} for {v.ing} {o}.",
            f"{cap(tool)} for {v.ing} and {v2.ing} {o} {self.qualifier()}.",
            f"{cap(v.third)} {o} {self.qualifier()}.",
            f"Command-line client for {brand}.",
            f"Manage {brand} {o} from the command-line.",
            f"{cap(v.base)} the {o} of {self.objects(True)[1]} {self.qualifier()}.",
            f"Show information about {o} {v2.past} {self.qualifier()}.",
        ])
        extra = r.random()
        if extra < 0.12 and names:
            sentence += " See also: " + ", ".join(f"`{n}`" for n in r.sample(names[-50:], min(2, len(names)))) + "."
        elif extra < 0.2:
            sentence += f" Part of {r.choice(SUITES)}."
        elif extra < 0.28:
            sentence += f" It supports {self.objects(True)[0]} and {self.objects(True)[0]}."
        return sentence

    def examples(self, command: str) -> list[tuple[str, str]]:
        """3 to 8 examples: what it does, and the command line."""
        r = self.rng
        out = []
        for _ in range(r.randint(3, 8) - (1 if r.random() < 0.35 else 0)):
            v, v2 = self.verb(), self.verb()
            plural, single, placeholder = self.objects()
            other = self.objects()
            text = r.choice([
                f"{cap(v.base)} {single} {self.qualifier()}",
                f"{cap(v.base)} all {plural} {self.qualifier()}",
                f"{cap(v.base)} {plural} matching a pattern",
                f"{cap(v.base)} {single} and {v2.base} it",
                f"List {v.past} {plural}",
                f"Resume {v.ing} {single}",
                f"Stop {v.ing} {plural} {self.qualifier()}",
                f"{cap(v.base)} {single} without {v2.ing} {other[0]}",
                f"Show the {plural} {v.past} {self.qualifier()}",
                f"{cap(v.base)} {single} to {other[1]}",
                f"Print the number of {plural} {v.past}",
                f"{cap(v.base)} {plural} and save the result to a file",
            ])
            flags = " ".join(r.sample(FLAGS, r.randint(0, 2)))
            line = " ".join(part for part in (command, flags, "{{%s}}" % placeholder) if part)
            out.append((text, line))
        if r.random() < 0.35:
            out.append(("Display help", f"{command} {r.choice(['--help', '-h'])}"))
        if r.random() < 0.25:
            out.append(("Display the version", f"{command} --version"))
        return out


def page(title: str, description: str, url: str, examples: list[tuple[str, str]]) -> str:
    lines = [f"# {title}", "", f"> {description}", f"> More information: <{url}>.", ""]
    for text, command in examples:
        lines += [f"- {text}:", "", f"`{command}`", ""]
    return "\n".join(lines)


def plural(noun: str) -> str:
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "o", "u"):
        return noun[:-1] + "ies"
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")


def family_pages(family, count: int, taken: set[str], writer: Writer) -> list[tuple[str, str]]:
    """`count` more pages of one family: its own sub-commands, the common ones, then three-level ones."""
    root, platform, _, brand, things, url, own = family
    r = writer.rng
    common = [s for s in COMMON_SUBCOMMANDS if s not in own.split()]
    r.shuffle(common)
    nouns = [s for s in own.split() + common if s not in ACTIONS]
    compounds = [f"{n} {a}" for n in nouns for a in COMPOUND_ACTIONS]
    r.shuffle(compounds)
    out = []
    for sub in own.split() + common + compounds:
        if len(out) == count:
            break
        name = f"{root}-{sub.replace(' ', '-')}"
        if name in taken:
            continue
        taken.add(name)
        head, action = (sub.split()[0], sub.split()[-1]) if " " in sub else (sub, sub)
        thing = f"{brand} {plural(head)}" if " " in sub else f"{brand} {r.choice(things)}"
        if action in ACTIONS:
            description = f"{ACTIONS[action]} {thing}."
        elif action in THINGS:
            description = f"Manage {brand} {plural(action)}."
        elif r.random() < 0.5:
            description = f"Work with {brand} {action}."
        else:
            v = writer.verb(True)
            description = f"{cap(v.base)} {brand} {r.choice(things)} {writer.qualifier()}."
        title = f"{root} {sub}"
        out.append((f"{platform}/{name}", page(title, description, url + sub.replace(" ", "/"),
                                                   writer.examples(title))))
    return out


def made_up_name(r: random.Random) -> str:
    kind = r.random()
    if kind < 0.5:
        name = r.choice(ROOTS) + r.choice(ROOTS) + r.choice(SUFFIXES)
    elif kind < 0.8:
        name = "".join(r.choice(SYLLABLES) for _ in range(r.randint(2, 3))) + r.choice(SUFFIXES)
    else:
        name = r.choice(ROOTS) + "-" + "".join(r.choice(SYLLABLES) for _ in range(2))
    return name


def catalog(pages: int, seed: int) -> dict[str, str]:
    """Relative path without .md → Markdown, for the whole catalog."""
    r = random.Random(seed)
    writer = Writer(r)
    files: dict[str, str] = {}
    for block in HEROES.strip().split("@@ ")[1:]:
        path, text = block.split("\n", 1)
        files[path.strip()] = text.strip() + "\n"
    taken = {path.split("/")[1] for path in files}
    scale = pages / 10000
    for family in FAMILIES:
        root, size = family[0], family[2]
        planted = sum(1 for name in taken if name.startswith(root + "-"))
        count = max(3, round(size * scale) - 1 - planted)
        for path, text in family_pages(family, count, taken, writer):
            files[path] = text
    families = tuple(f[0] + "-" for f in FAMILIES)
    per_platform = {p: 0 for p, _ in PLATFORMS}
    for path in files:
        per_platform[path.split("/")[0]] += 1
    targets = {p: round(share * pages) for p, share in PLATFORMS}
    targets["common"] = pages - sum(t for p, t in targets.items() if p != "common")
    names: list[str] = []
    for platform, _ in PLATFORMS:
        for _ in range(max(0, targets[platform] - per_platform[platform])):
            name = made_up_name(r)
            while name in taken or name.startswith(families):
                name = made_up_name(r)
            taken.add(name)
            url = r.choice([f"https://github.com/{r.choice(ORGS)}/{name}", f"https://manned.org/{name}",
                            f"https://{name}.readthedocs.io"])
            files[f"{platform}/{name}"] = page(name, writer.description(names), url, writer.examples(name))
            names.append(name)
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", help="the content folder to write (an earlier catalog there is replaced)")
    parser.add_argument("--pages", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()
    platforms = {p for p, _ in PLATFORMS}
    if os.path.isdir(args.out) and not set(os.listdir(args.out)) <= platforms:
        sys.exit(f"{args.out} holds other files than an earlier catalog's platform folders: not replacing it")
    files = catalog(args.pages, args.seed)
    shutil.rmtree(args.out, ignore_errors=True)
    for path, text in files.items():
        target = os.path.join(args.out, path + ".md")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)
    print(f"wrote {len(files)} pages into {args.out}")


if __name__ == "__main__":
    main()
