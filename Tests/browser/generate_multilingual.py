#!/usr/bin/env python3
"""Writes a command reference translated by its community, shaped like tldr-pages: English in
`pages/`, each other language in `pages.<code>/` (or, with --layout suffixes, beside English as
`tar.fr.md`), platform folders (common, linux, osx, windows, android …), each language missing
some of the pages, right-to-left and CJK languages among them, and a stacks.yml declaring them.

    generate_multilingual.py OUT [--languages 6] [--commands 320] [--layout folders|suffixes] [--seed 7]

The default language has every command; language i has about (1 - 0.022 i) of them, the same
ones for the same arguments. `--languages 40 --commands 1150` gives about 46,000 pages, the
size of the whole tldr repository.
"""
import argparse
import os
import random

# Codes as tldr writes its folders (zh_TW, pt_BR); the first is the default.
LANGUAGES = ["en", "de", "ar", "zh_TW", "fa", "fr", "es", "it", "pt_BR", "pt_PT", "ru", "he", "zh", "ja", "ko",
             "hi", "bn", "id", "ms", "th", "tr", "uk", "pl", "nl", "sv", "da", "no", "fi", "cs", "sk", "hu", "ro",
             "bg", "el", "ta", "te", "ml", "mr", "ne", "uz"]
PLATFORMS = [("common", 0.62), ("linux", 0.2), ("osx", 0.08), ("windows", 0.06), ("android", 0.02), ("sunos", 0.02)]
# Words to write descriptions with, by script: enough that pages differ and search has terms.
WORDS = {
    "latin": ["archive", "file", "list", "show", "create", "extract", "network", "process", "package", "remote",
              "directory", "compress", "search", "print", "copy", "move", "change", "permission", "user", "disk"],
    "de": ["Archiv", "Datei", "Liste", "zeigen", "erstellen", "entpacken", "Netzwerk", "Prozess", "Paket", "entfernt"],
    "fr": ["archive", "fichier", "liste", "afficher", "créer", "extraire", "réseau", "processus", "paquet", "distant"],
    "es": ["archivo", "fichero", "lista", "mostrar", "crear", "extraer", "red", "proceso", "paquete", "remoto"],
    "arab": ["أرشيف", "ملف", "قائمة", "عرض", "إنشاء", "استخراج", "شبكة", "عملية", "حزمة", "بعيد"],
    "hebr": ["ארכיון", "קובץ", "רשימה", "הצג", "צור", "חלץ", "רשת", "תהליך", "חבילה", "מרוחק"],
    "hans": ["归档", "文件", "列表", "显示", "创建", "解压", "网络", "进程", "软件包", "远程"],
    "hant": ["封存", "檔案", "清單", "顯示", "建立", "解壓", "網路", "行程", "套件", "遠端"],
    "jpan": ["アーカイブ", "ファイル", "一覧", "表示", "作成", "展開", "ネットワーク", "プロセス", "パッケージ", "リモート"],
    "kore": ["아카이브", "파일", "목록", "표시", "생성", "추출", "네트워크", "프로세스", "패키지", "원격"],
    "deva": ["संग्रह", "फ़ाइल", "सूची", "दिखाएँ", "बनाएँ", "निकालें", "नेटवर्क", "प्रक्रिया", "पैकेज", "दूरस्थ"],
    "cyrl": ["архив", "файл", "список", "показать", "создать", "извлечь", "сеть", "процесс", "пакет", "удалённый"],
}
SCRIPT = {"ar": "arab", "fa": "arab", "he": "hebr", "zh": "hans", "zh_TW": "hant", "ja": "jpan", "ko": "kore",
          "hi": "deva", "mr": "deva", "ne": "deva", "ru": "cyrl", "uk": "cyrl", "bg": "cyrl", "de": "de", "fr": "fr",
          "es": "es"}
STEMS = ["tar", "ls", "git", "curl", "grep", "find", "ssh", "docker", "rsync", "awk", "sed", "zip", "gzip", "top",
         "kill", "ping", "chmod", "chown", "cp", "mv", "rm", "mkdir", "df", "du", "ps", "make", "npm", "pip", "apt",
         "brew", "wget", "less", "tail", "head", "sort", "uniq", "cut", "tr", "xargs", "ffmpeg"]


def command_names(count):
    """tldr-like names: real command stems, then stem-subcommand pairs (`git-commit`, `docker-run`)."""
    names = list(STEMS)
    subs = ["add", "commit", "run", "build", "push", "pull", "log", "show", "list", "remove", "start", "stop",
            "config", "init", "status", "diff", "merge", "clone", "exec", "inspect"]
    for stem in STEMS:
        for sub in subs:
            names.append(f"{stem}-{sub}")
    n = 0
    while len(names) < count:
        names.append(f"tool{n}")
        n += 1
    return names[:count]


def page(name, language, rng):
    words = WORDS.get(SCRIPT.get(language, "latin"), WORDS["latin"])
    title = name.replace("-", " ")
    description = " ".join(rng.choice(words) for _ in range(7))
    lines = [f"# {title}", "", f"> {description}.", f"> More information: <https://example.org/{name}>.", ""]
    for example in range(rng.randint(4, 8)):
        what = " ".join(rng.choice(words) for _ in range(5))
        lines += [f"- {what}:", "", f"`{name.split('-')[0]} {{{{path/to/file{example}}}}}`", ""]
    return "\n".join(lines)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--languages", type=int, default=6)
    parser.add_argument("--commands", type=int, default=320)
    parser.add_argument("--layout", choices=["folders", "suffixes"], default="folders")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--only-default", action="store_true", help="the default language alone (the benchmark's reference)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    languages = LANGUAGES[:args.languages]
    names = command_names(args.commands)
    # Each command's platform, by the shares tldr has.
    platforms = []
    for index in range(len(names)):
        share, chosen = (index * 0.6180339) % 1.0, PLATFORMS[0][0]
        for platform, part in PLATFORMS:
            if share < part:
                chosen = platform
                break
            share -= part
        platforms.append(chosen)
    content = os.path.join(args.out, "content")
    pages = 0
    for position, language in enumerate(languages[:1] if args.only_default else languages):
        coverage = 1.0 if position == 0 else max(0.12, 1.0 - 0.022 * position)
        chosen = [i for i in range(len(names)) if position == 0 or rng.random() < coverage]
        for i in chosen:
            if args.layout == "folders":
                folder = "pages" if position == 0 else f"pages.{language}"
                path = os.path.join(content, folder, platforms[i], names[i] + ".md")
            else:
                suffix = "" if position == 0 else "." + language
                path = os.path.join(content, platforms[i], names[i] + suffix + ".md")
            write(path, page(names[i], language, rng))
            pages += 1
    codes = ", ".join(languages[:1] if args.only_default else languages)
    if args.layout == "folders":
        config = f'title: tldr\nlanguages:\n  codes: [{codes}]\n  folders: "pages.{{lang}}"\n  defaultFolder: pages\n'
    else:
        config = f"title: tldr\nlanguages:\n  codes: [{codes}]\n  suffixes: true\n"
    write(os.path.join(args.out, "stacks.yml"), config)
    print(f"{pages} pages in {1 if args.only_default else len(languages)} languages")


if __name__ == "__main__":
    main()
