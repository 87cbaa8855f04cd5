/// Each view as the `TemplateObject` the renderer hands to the templates, built by hand: the
/// fast path (swift-mustache would read a struct through `Mirror`), and no conversion through
/// a generic encoder. `TemplateViewsTests` checks that these give exactly the declared names.
extension LayoutView {
    var templateObject: TemplateObject {
        var object: TemplateObject = [
            "site": .object(site.templateObject),
            "page": .object(page.templateObject),
            "layout": .object(layout.templateObject),
            "breadcrumbs": .list(breadcrumbs.map { .object($0.templateObject) }),
            "contentLabel": .text(contentLabel),
            "sidebar": .text(sidebar.html),
            "content": .text(content.html),
            "detail": .text(detail.html),
        ]
        if let back { object.add("back", .object(back.templateObject)) }
        if !languages.html.isEmpty {
            object.add("languages", .text(languages.html))
            object.add("alternates", .text(alternates.html))
            if let languageName { object.add("languageName", .text(languageName)) }
        }
        return object
    }
}


extension SiteView {
    var templateObject: TemplateObject {
        var object: TemplateObject = [
            "title": .text(title), "language": .text(language), "direction": .text(direction), "assets": .text(assets),
            "root": .text(root), "home": .text(home), "portable": .text(portable),
        ]
        if let languageFolder { object.add("languageFolder", .text(languageFolder)) }
        if let strings { object.add("strings", .text(strings)) }
        return object
    }
}

extension PageView {
    var templateObject: TemplateObject {
        var object: TemplateObject = [
            "title": .text(title), "documentTitle": .text(documentTitle), "kind": .text(kind),
            "kindLabel": .text(kindLabel), "skipLabel": .text(skipLabel), "depth": .number(depth),
        ]
        if let description { object.add("description", .text(description)) }
        if let canonical { object.add("canonical", .text(canonical)) }
        if let breadcrumbList { object.add("breadcrumbList", .text(breadcrumbList.html)) }
        return object
    }
}

extension LayoutSettingsView {
    var templateObject: TemplateObject {
        ["columns": .text(columns), "style": .text(style), "mediumBelow": .number(mediumBelow),
         "wideBelow": .number(wideBelow), "medium": .number(medium), "wide": .number(wide)]
    }
}

extension LinkView {
    var templateObject: TemplateObject { ["title": .text(title), "url": .text(url)] }
}

extension CrumbView {
    var templateObject: TemplateObject { ["title": .text(title), "url": .text(url), "current": .flag(current)] }
}

extension SidebarView {
    var templateObject: TemplateObject {
        var object: TemplateObject = ["siteTitle": .text(siteTitle), "home": .text(home), "homeCurrent": .flag(homeCurrent),
                                      "categories": .list(categories.map { .object($0.templateObject) }),
                                      "moreCategories": .flag(moreCategories), "categoryCount": .number(categoryCount)]
        if let tags { object.add("tags", .object(tags.templateObject)) }
        return object
    }
}

extension SidebarLinkView {
    var templateObject: TemplateObject { ["title": .text(title), "url": .text(url), "current": .flag(current)] }
}

extension SidebarNodeView {
    var templateObject: TemplateObject {
        var object = icon.templateObject
        object.add("title", .text(title))
        object.add("url", .text(url))
        object.add("current", .flag(current))
        object.add("selected", .flag(selected))
        object.add("inPath", .flag(inPath))
        object.add("open", .flag(open))
        object.add("hasChildren", .flag(hasChildren))
        object.add("children", .list(children.map { .object($0.templateObject) }))
        object.add("moreChildren", .flag(moreChildren))
        object.add("childCount", .number(childCount))
        return object
    }
}

extension IconView {
    var templateObject: TemplateObject {
        var object: TemplateObject = ["tile": .flag(tile)]
        if let iconURL { object.add("iconURL", .text(iconURL)) }
        if let iconName { object.add("iconName", .text(iconName)) }
        if let iconText { object.add("iconText", .text(iconText)) }
        if let color { object.add("color", .text(color)) }
        if let thumbnail { object.add("thumbnail", .text(thumbnail)) }
        if let thumbnail2x { object.add("thumbnail2x", .text(thumbnail2x)) }
        if let thumbnailSizes { object.add("thumbnailSizes", .text(thumbnailSizes)) }
        return object
    }
}

extension ContentView {
    var templateObject: TemplateObject {
        var object = TemplateObject()
        if let category { object.add("category", .object(category.templateObject)) }
        if let placeholder { object.add("placeholder", .text(placeholder)) }
        if let entries { object.add("entries", .text(entries.html)) }
        return object
    }
}

extension ListedCategoryView {
    var templateObject: TemplateObject {
        var object: TemplateObject = [
            "id": .number(id), "title": .text(title), "isPage": .flag(isPage), "url": .text(url),
            "count": .number(count), "countLabel": .text(countLabel),
            "offset": .number(offset), "entries": .text(entries.html),
        ]
        if let partial { object.add("partial", .object(partial.templateObject)) }
        if let summary { object.add("summary", .text(summary)) }
        if let intro { object.add("intro", .text(intro.html)) }
        if let window { object.add("window", .object(window.templateObject)) }
        if let pagination { object.add("pagination", .object(pagination.templateObject)) }
        if let tagIndex { object.add("tagIndex", .object(tagIndex.templateObject)) }
        return object
    }
}

extension TagIndexEntryView {
    var templateObject: TemplateObject {
        ["title": .text(title), "url": .text(url), "count": .number(count), "countLabel": .text(countLabel)]
    }
}

extension PartialListView {
    var templateObject: TemplateObject { ["firstPage": .text(firstPage), "index": .text(index)] }
}

extension ListWindowView {
    var templateObject: TemplateObject {
        ["first": .text(first), "last": .text(last), "total": .text(total), "fullListURL": .text(fullListURL)]
    }
}

extension PaginationView {
    var templateObject: TemplateObject {
        var object: TemplateObject = ["number": .number(number), "pages": .number(pages)]
        if let previous { object.add("previous", .text(previous)) }
        if let next { object.add("next", .text(next)) }
        return object
    }
}

extension ListEntryView {
    var templateObject: TemplateObject {
        var object = icon.templateObject
        object.add("title", .text(title))
        object.add("url", .text(url))
        object.add("kind", .text(kind))
        if let rowClass { object.add("rowClass", .text(rowClass)) }
        object.add("selected", .flag(selected))
        object.add("current", .flag(current))
        if let summary { object.add("summary", .text(summary)) }
        if let count { object.add("count", .text(count)) }
        if let countLabel { object.add("countLabel", .text(countLabel)) }
        if let tags { object.add("tags", .text(tags)) }
        if let rowID { object.add("rowID", .text(rowID)) }
        if let language { object.add("language", .text(language)) }
        if let languageName { object.add("languageName", .text(languageName)) }
        return object
    }
}

extension DetailView {
    var templateObject: TemplateObject {
        var object = TemplateObject()
        if let item { object.add("item", .object(item.templateObject)) }
        if let category { object.add("category", .object(category.templateObject)) }
        if let home { object.add("home", .object(home.templateObject)) }
        return object
    }
}

extension ItemView {
    var templateObject: TemplateObject {
        var object = icon.templateObject
        object.add("title", .text(title))
        object.add("path", .text(path))
        object.add("body", .text(body.html))
        object.add("tags", .list(tags.map(TemplateValue.text)))
        object.add("hasTags", .flag(hasTags))
        object.add("tagLinks", .list(tagLinks.map { .object($0.templateObject) }))
        object.add("attributes", .list(attributes.map { .object($0.templateObject) }))
        object.add("hasAttributes", .flag(hasAttributes))
        object.add("params", .object(params.object))
        if let summary { object.add("summary", .text(summary)) }
        if let outline { object.add("outline", .object(outline.templateObject)) }
        if let date { object.add("date", .object(date.templateObject)) }
        if let image { object.add("image", .text(image)) }
        if let imageWidth { object.add("imageWidth", .text(imageWidth)) }
        if let imageHeight { object.add("imageHeight", .text(imageHeight)) }
        if let imageSrcset { object.add("imageSrcset", .text(imageSrcset)) }
        if let imageSizes { object.add("imageSizes", .text(imageSizes)) }
        if let imageAvifSrcset { object.add("imageAvifSrcset", .text(imageAvifSrcset)) }
        if let subitems { object.add("subitems", .text(subitems.html)) }
        if let hasSubitems { object.add("hasSubitems", .flag(hasSubitems)) }
        if let stack { object.add("stack", .object(stack.templateObject)) }
        if let siblings { object.add("siblings", .object(siblings.templateObject)) }
        return object
    }
}

extension SiblingsView {
    var templateObject: TemplateObject {
        var object: TemplateObject = [:]
        if let previous { object.add("previous", .object(previous.templateObject)) }
        if let next { object.add("next", .object(next.templateObject)) }
        return object
    }
}

extension DateView {
    var templateObject: TemplateObject { ["machine": .text(machine), "readable": .text(readable)] }
}

extension AttributeView {
    var templateObject: TemplateObject { ["name": .text(name), "value": .text(value)] }
}

extension DetailStackView {
    var templateObject: TemplateObject {
        ["back": .object(back.templateObject), "crumbs": .list(crumbs.map { .object($0.templateObject) })]
    }
}

extension OutlineView {
    var templateObject: TemplateObject { ["entries": .list(entries.map { .object($0.templateObject) })] }
}

extension OutlineEntryView {
    var templateObject: TemplateObject {
        var object: TemplateObject = ["text": .text(text), "url": .text(url)]
        if let sub { object.add("sub", .object(sub.templateObject)) }
        return object
    }
}

extension OutlineSubView {
    var templateObject: TemplateObject { ["entries": .list(entries.map { .object($0.templateObject) })] }
}

extension OutlineLinkView {
    var templateObject: TemplateObject { ["text": .text(text), "url": .text(url)] }
}

extension CategoryIntroView {
    var templateObject: TemplateObject {
        var object: TemplateObject = ["title": .text(title), "placeholder": .text(placeholder)]
        if let intro { object.add("intro", .text(intro.html)) }
        return object
    }
}

extension HomeIntroView {
    var templateObject: TemplateObject {
        var object: TemplateObject = ["title": .text(title), "intro": .text(intro.html)]
        if let overview { object.add("overview", .text(overview.html)) }
        return object
    }
}

extension NotFoundView {
    var templateObject: TemplateObject { ["site": .object(site.templateObject)] }
}

extension RedirectView {
    var templateObject: TemplateObject { ["site": .object(site.templateObject), "title": .text(title), "url": .text(url)] }
}

extension StylesheetView {
    var templateObject: TemplateObject {
        ["layout": .object(layout.templateObject), "site": .object(site.templateObject),
         "icons": .list(icons.map { .object($0.templateObject) })]
    }
}

extension StylesheetIconView {
    var templateObject: TemplateObject { ["name": .text(name), "image": .text(image)] }
}
